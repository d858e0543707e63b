-- What Roost adds to auth.users, which the platform owns: only rows, policies and triggers.

/**
 * ---------------------------------------------------------------------------
 * Keeping profiles in step with auth.users
 * ---------------------------------------------------------------------------
 * Security definer because Supabase Auth writes auth.users as its own role;
 * an empty search_path keeps the function from resolving names a caller chose.
 */
create trigger on_auth_user_created AFTER INSERT ON auth.users FOR EACH ROW EXECUTE FUNCTION handle_new_user();

create trigger on_auth_user_email_changed AFTER UPDATE OF email ON auth.users FOR EACH ROW WHEN (old.email::text IS DISTINCT FROM new.email::text) EXECUTE FUNCTION handle_user_email_change();

/**
 * ---------------------------------------------------------------------------
 * The audit trail (append-only)
 * ---------------------------------------------------------------------------
 * Every decision, appeal and role change: who, when, on what, and why. No
 * role may write it through the API (no grants); the moderation functions
 * write it as its owner, and the trigger refuses any update or delete, the
 * owner's included.
 */
create trigger on_auth_user_moderator_role AFTER INSERT OR UPDATE OF raw_app_meta_data ON auth.users FOR EACH ROW EXECUTE FUNCTION audit_moderator_role();
