/**
 * ---------------------------------------------------------------------------
 * Text matching
 * ---------------------------------------------------------------------------
 * `search_fold` lowercases as JavaScript's String.prototype.toLowerCase does
 * (Unicode's default case conversion, with the context rules: a final capital
 * sigma becomes `ς`, the dotted capital I becomes `i` and a combining dot),
 * whatever the database's locale: it uses ICU's root collation, which hosted
 * Supabase and the local stack both have. A database created with the C locale
 * would otherwise lowercase ASCII letters only, and the device, which matches
 * with JavaScript, would disagree about `É` and `é`. Capital letters added to
 * Unicode after the ICU of older servers (Georgian Mtavruli, some Latin and
 * others) are mapped explicitly; where ICU already knows them this changes
 * nothing.
 *
 * `search_words` is searchWords of the app: the text split on whitespace, the
 * characters `% _ * \ , ( )` removed, lowercased, repeated words dropped, at
 * most the first 8 words.
 */

create or replace function public.search_words(q text)
  returns text[]
  language sql
  immutable parallel safe
BEGIN ATOMIC
 SELECT COALESCE(array_agg(firsts.word ORDER BY firsts.first_at), '{}'::text[]) AS "coalesce"
    FROM ( SELECT parts.word,
             min(parts.at) AS first_at
            FROM ( SELECT search_fold(regexp_replace(t.part, '[%_*\\,()]'::text, ''::text, 'g'::text)) AS word,
                     t.at
                    FROM regexp_split_to_table(COALESCE(search_words.q, ''::text), '[\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+'::text) WITH ORDINALITY t(part, at)) parts
           WHERE (parts.word <> ''::text)
           GROUP BY parts.word
           ORDER BY (min(parts.at))
          LIMIT 8) firsts;
END;

revoke all on function public.search_words(q text) from public, anon, authenticated, service_role;
grant execute on function public.search_words(q text) to anon;
grant execute on function public.search_words(q text) to authenticated;
grant execute on function public.search_words(q text) to service_role;
