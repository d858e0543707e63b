/**
 * The text a reader sees: zero-width and other invisible format characters
 * removed wherever they are, then whitespace (any Unicode space) trimmed from
 * both ends.
 */

create or replace function public.visible_text(value text)
  returns text
  language sql
  immutable parallel safe
  set search_path to ''
as $function$
  select regexp_replace(
    regexp_replace(
      value,
      '[\u00AD\u034F\u061C\u115F\u1160\u17B4\u17B5\u180B-\u180E\u200B-\u200F\u202A-\u202E\u2060-\u206F\u3164\uFE00-\uFE0F\uFEFF\uFFA0]',
      '',
      'g'
    ),
    '^[\s\u0085\u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u2800\u3000]+|[\s\u0085\u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u2800\u3000]+$',
    '',
    'g'
  )
$function$;

comment on function public.visible_text(value text) is 'The text a reader sees: invisible format characters removed, Unicode whitespace trimmed.';

revoke all on function public.visible_text(value text) from public, anon, authenticated, service_role;
grant execute on function public.visible_text(value text) to anon;
grant execute on function public.visible_text(value text) to authenticated;
grant execute on function public.visible_text(value text) to service_role;
