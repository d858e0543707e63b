-- Removes one of the caller's slots; its live booking is cancelled with a line. Returns whether it was theirs.

create or replace function public.remove_viewing_slot(slot_id uuid)
  returns boolean
  language plpgsql
  security definer
  set search_path to ''
as $function$
declare
  slot public.viewing_slots;
  booking public.viewing_bookings;
begin
  select * into slot from public.viewing_slots as s
  where s.id = remove_viewing_slot.slot_id and s.landlord_id = auth.uid()
  for update;
  if slot.id is null then
    return false;
  end if;
  update public.viewing_slots as s set removed_at = coalesce(s.removed_at, now()) where s.id = slot.id;
  for booking in
    update public.viewing_bookings as b
    set status = 'cancelled', cancelled_by = auth.uid(), updated_at = now()
    where b.slot_id = slot.id and b.status in ('requested', 'booked')
    returning b.*
  loop
    perform public.drop_viewing_reminders(booking.id);
    perform public.post_viewing_line(
      booking, booking.landlord_id,
      'Viewing cancelled for ' || public.viewing_time_text(booking.starts_at) || ': the landlord removed this time'
    );
  end loop;
  return true;
end;
$function$;

revoke all on function public.remove_viewing_slot(slot_id uuid) from public, anon, authenticated, service_role;
grant execute on function public.remove_viewing_slot(slot_id uuid) to authenticated;
grant execute on function public.remove_viewing_slot(slot_id uuid) to service_role;
