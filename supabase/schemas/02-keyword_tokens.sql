/**
 * ---------------------------------------------------------------------------
 * keyword_tokens: the words of a text as keywords match them
 * ---------------------------------------------------------------------------
 * Letters folded to lower-case ASCII by one fixed table (src/utils/keywords.ts FOLD_FROM -> FOLD_TO: no
 * lower(), no unaccent, so no locale decides anything), then split on everything that is not a-z or 0-9;
 * distinct, in the order they first appear. The device applies the same table (keywordTokens).
 */

create or replace function public.keyword_tokens(text text)
  returns text[]
  language sql
  immutable parallel safe strict
  set search_path to ''
as $function$
  select coalesce(array_agg(t.token order by t.first), '{}')
  from (
    select piece.token, min(piece.n) as first
    from regexp_split_to_table(
      translate(keyword_tokens.text,
        'ABCDEFGHIJKLMNOPQRSTUVWXYZÀÁÂÃÄÅàáâãäåĀāĂăĄąÇçĆćĈĉĊċČčĎďĐđÈÉÊËèéêëĒēĔĕĖėĘęĚěĜĝĞğĠġĢģĤĥĦħÌÍÎÏìíîïĨĩĪīĬĭĮįİıĴĵĶķĹĺĻļĽľĿŀŁłÑñŃńŅņŇňÒÓÔÕÖØòóôõöøŌōŎŏŐőŔŕŖŗŘřŚśŜŝŞşŠšŢţŤťŦŧÙÚÛÜùúûüŨũŪūŬŭŮůŰűŲųŴŵÝýÿŶŷŸŹźŻżŽž',
        'abcdefghijklmnopqrstuvwxyzaaaaaaaaaaaaaaaaaaccccccccccddddeeeeeeeeeeeeeeeeeegggggggghhhhiiiiiiiiiiiiiiiiiijjkkllllllllllnnnnnnnnoooooooooooooooooorrrrrrssssssssttttttuuuuuuuuuuuuuuuuuuuuwwyyyyyyzzzzzz'),
      '[^a-z0-9]+') with ordinality as piece (token, n)
    where piece.token <> ''
    group by piece.token
  ) as t
$function$;

revoke all on function public.keyword_tokens(text text) from public, anon, authenticated, service_role;
grant execute on function public.keyword_tokens(text text) to anon;
grant execute on function public.keyword_tokens(text text) to authenticated;
grant execute on function public.keyword_tokens(text text) to service_role;
