/**
 * ---------------------------------------------------------------------------
 * Conversations outlive a deleted account
 * ---------------------------------------------------------------------------
 * When a person deletes their account, the other side keeps the conversation
 * and its messages; the deleted person's side loses its id (null), which the
 * app shows as `Deleted user`. Their blocks go with them. Before, deleting a
 * profile deleted every conversation it was part of.
 */

alter table public.conversations
  alter column hunter_id drop not null,
  alter column landlord_id drop not null,
  drop constraint conversations_hunter_id_fkey,
  drop constraint conversations_landlord_id_fkey,
  add constraint conversations_hunter_id_fkey
    foreign key (hunter_id) references public.profiles (id) on delete set null,
  add constraint conversations_landlord_id_fkey
    foreign key (landlord_id) references public.profiles (id) on delete set null;

alter table public.messages
  alter column sender_id drop not null,
  drop constraint messages_sender_id_fkey,
  add constraint messages_sender_id_fkey
    foreign key (sender_id) references public.profiles (id) on delete set null;

comment on column public.conversations.hunter_id is 'The house hunter; null once they deleted their account.';
comment on column public.conversations.landlord_id is 'The landlord; null once they deleted their account.';
comment on column public.messages.sender_id is 'Who wrote it; null once they deleted their account (`Deleted user`).';
