-- The landlord confirms (accept) or declines a request; a repeat of the same answer changes nothing.

create or replace function public.answer_viewing_request(booking_id uuid, accept boolean)
  returns text
  language plpgsql
  security definer
  set search_path to ''
as $function$
declare
  booking public.viewing_bookings := public.my_live_viewing(answer_viewing_request.booking_id);
  wanted text := case when answer_viewing_request.accept then 'booked' else 'declined' end;
begin
  if booking.landlord_id <> auth.uid() then
    raise exception 'Only the landlord confirms or declines a request' using errcode = 'VW021';
  end if;
  if booking.status = wanted then
    return booking.status;
  end if;
  if booking.status <> 'requested' or (accept and booking.starts_at <= now()) then
    raise exception 'This viewing can no longer change' using errcode = 'VW022';
  end if;
  update public.viewing_bookings as b set status = wanted, updated_at = now()
  where b.id = booking.id returning * into booking;
  perform public.drop_viewing_reminders(booking.id);
  if accept then
    perform public.queue_viewing_reminders(booking);
    perform public.post_viewing_line(
      booking, booking.landlord_id, 'Viewing confirmed for ' || public.viewing_time_text(booking.starts_at)
    );
  else
    perform public.post_viewing_line(
      booking, booking.landlord_id, 'Viewing request declined for ' || public.viewing_time_text(booking.starts_at)
    );
  end if;
  return booking.status;
end;
$function$;

revoke all on function public.answer_viewing_request(booking_id uuid, accept boolean) from public, anon, authenticated, service_role;
grant execute on function public.answer_viewing_request(booking_id uuid, accept boolean) to authenticated;
grant execute on function public.answer_viewing_request(booking_id uuid, accept boolean) to service_role;
