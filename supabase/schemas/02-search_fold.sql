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

create or replace function public.search_fold(value text)
  returns text
  language sql
  immutable parallel safe strict
RETURN CASE WHEN (value ~ '[\u1c89\u1c90-\u1cba\u1cbd-\u1cbf\u2c2f\ua7b8\ua7ba\ua7bc\ua7be\ua7c0\ua7c2\ua7c4-\ua7c7\ua7c9\ua7cb-\ua7cc\ua7ce\ua7d0\ua7d2\ua7d4\ua7d6\ua7d8\ua7da\ua7dc\ua7f5\U00010570-\U0001057a\U0001057c-\U0001058a\U0001058c-\U00010592\U00010594-\U00010595\U00010d50-\U00010d65\U00016e40-\U00016e5f\U00016ea0-\U00016eb8]'::text) THEN translate(lower((value COLLATE "und-x-icu")), 'ᲉᲐᲑᲒᲓᲔᲕᲖᲗᲘᲙᲚᲛᲜᲝᲞᲟᲠᲡᲢᲣᲤᲥᲦᲧᲨᲩᲪᲫᲬᲭᲮᲯᲰᲱᲲᲳᲴᲵᲶᲷᲸᲹᲺᲽᲾᲿⰯꞸꞺꞼꞾꟀꟂꟄꟅꟆꟇꟉꟋꟌ꟎Ꟑ꟒꟔ꟖꟘꟚꟜꟵ𐕰𐕱𐕲𐕳𐕴𐕵𐕶𐕷𐕸𐕹𐕺𐕼𐕽𐕾𐕿𐖀𐖁𐖂𐖃𐖄𐖅𐖆𐖇𐖈𐖉𐖊𐖌𐖍𐖎𐖏𐖐𐖑𐖒𐖔𐖕𐵐𐵑𐵒𐵓𐵔𐵕𐵖𐵗𐵘𐵙𐵚𐵛𐵜𐵝𐵞𐵟𐵠𐵡𐵢𐵣𐵤𐵥𖹀𖹁𖹂𖹃𖹄𖹅𖹆𖹇𖹈𖹉𖹊𖹋𖹌𖹍𖹎𖹏𖹐𖹑𖹒𖹓𖹔𖹕𖹖𖹗𖹘𖹙𖹚𖹛𖹜𖹝𖹞𖹟𖺠𖺡𖺢𖺣𖺤𖺥𖺦𖺧𖺨𖺩𖺪𖺫𖺬𖺭𖺮𖺯𖺰𖺱𖺲𖺳𖺴𖺵𖺶𖺷𖺸'::text, 'ᲊაბგდევზთიკლმნოპჟრსტუფქღყშჩცძწჭხჯჰჱჲჳჴჵჶჷჸჹჺჽჾჿⱟꞹꞻꞽꞿꟁꟃꞔʂᶎꟈꟊɤꟍ꟏ꟑꟓꟕꟗꟙꟛƛꟶ𐖗𐖘𐖙𐖚𐖛𐖜𐖝𐖞𐖟𐖠𐖡𐖣𐖤𐖥𐖦𐖧𐖨𐖩𐖪𐖫𐖬𐖭𐖮𐖯𐖰𐖱𐖳𐖴𐖵𐖶𐖷𐖸𐖹𐖻𐖼𐵰𐵱𐵲𐵳𐵴𐵵𐵶𐵷𐵸𐵹𐵺𐵻𐵼𐵽𐵾𐵿𐶀𐶁𐶂𐶃𐶄𐶅𖹠𖹡𖹢𖹣𖹤𖹥𖹦𖹧𖹨𖹩𖹪𖹫𖹬𖹭𖹮𖹯𖹰𖹱𖹲𖹳𖹴𖹵𖹶𖹷𖹸𖹹𖹺𖹻𖹼𖹽𖹾𖹿𖺻𖺼𖺽𖺾𖺿𖻀𖻁𖻂𖻃𖻄𖻅𖻆𖻇𖻈𖻉𖻊𖻋𖻌𖻍𖻎𖻏𖻐𖻑𖻒𖻓'::text) ELSE lower((value COLLATE "und-x-icu")) END;

revoke all on function public.search_fold(value text) from public, anon, authenticated, service_role;
grant execute on function public.search_fold(value text) to anon;
grant execute on function public.search_fold(value text) to authenticated;
grant execute on function public.search_fold(value text) to service_role;
