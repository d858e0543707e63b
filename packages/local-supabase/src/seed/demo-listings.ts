import { DEMO_ACCOUNTS } from './demo-accounts'
import {
  type DemoPropertyFacts,
  demoPropertyFacts,
  type Nation,
  NO_PROPERTY_FACTS,
  withSomeMissing,
} from './demo-property-facts'
import { randomFrom } from './listing-image-svg'

/**
 * The demo listings of supabase/seed.sql, made from a seeded random stream so every run writes the
 * same homes: towns and neighbourhoods at their real coordinates (GeoNames, as the local geocoder
 * has them), prices that fit the place and the size, offers on about a fifth, a short description
 * on most, photos of several kinds, and the property facts (demo-property-facts.ts) on most.
 */

export const DEMO_LISTING_COUNT = 320

export type DemoListing = {
  /** 1 is the newest; the id is 5eed0000-0000-4000-8000-<n, 12 digits>. */
  n: number
  id: string
  owner: string
  type: 'rent' | 'sale'
  name: string
  bedrooms: number
  bathrooms: number
  parking: boolean
  furnished: boolean
  location: string
  regularPrice: number
  discountedPrice: number | null
  latitude: number
  longitude: number
  images: number
  /** created_at is the seed's time minus this many minutes. */
  minutesAgo: number
  description: string | null
  /** The property facts: all on most homes, some or none on a few, none on those listed over a year ago. */
  facts: DemoPropertyFacts
}

type Area = { area: string; district: string; lat: number; lon: number }
type Town = {
  town: string
  /** England unless said. */
  nation?: Nation
  /** Monthly rent and sale price of a typical two-bedroom home. */
  rent: number
  sale: number
  areas: readonly Area[]
  weight: number
}

const area = (name: string, district: string, lat: number, lon: number): Area => ({
  area: name,
  district,
  lat,
  lon,
})

const TOWNS: readonly Town[] = [
  {
    town: 'London',
    rent: 2300,
    sale: 620_000,
    weight: 8,
    areas: [
      area('Hackney', 'E8', 51.545, -0.0553),
      area('Islington', 'N1', 51.5362, -0.103),
      area('Camden', 'NW1', 51.539, -0.1426),
      area('Brixton', 'SW2', 51.4613, -0.1156),
      area('Peckham', 'SE15', 51.474, -0.0697),
      area('Shoreditch', 'EC2A', 51.5257, -0.08),
      area('Clapham', 'SW4', 51.4618, -0.1384),
      area('Greenwich', 'SE10', 51.4826, -0.0077),
      area('Walthamstow', 'E17', 51.5907, -0.0208),
      area('Notting Hill', 'W11', 51.509, -0.196),
      area('Stoke Newington', 'N16', 51.562, -0.074),
    ],
  },
  {
    town: 'Manchester',
    rent: 1250,
    sale: 235_000,
    weight: 3,
    areas: [
      area('Didsbury', 'M20', 53.417, -2.2315),
      area('Ancoats', 'M4', 53.4845, -2.2265),
      area('Chorlton', 'M21', 53.4416, -2.2794),
      area('Salford Quays', 'M50', 53.4727, -2.2935),
    ],
  },
  {
    town: 'Birmingham',
    rent: 1050,
    sale: 215_000,
    weight: 3,
    areas: [
      area('Jewellery Quarter', 'B18', 52.4889, -1.9126),
      area('Moseley', 'B13', 52.4459, -1.8878),
      area('Edgbaston', 'B15', 52.4626, -1.9262),
    ],
  },
  {
    town: 'Leeds',
    rent: 1000,
    sale: 220_000,
    weight: 2,
    areas: [area('Headingley', 'LS6', 53.8192, -1.5795), area('Chapel Allerton', 'LS7', 53.8296, -1.5369)],
  },
  {
    town: 'Liverpool',
    rent: 900,
    sale: 175_000,
    weight: 2,
    areas: [area('Baltic Triangle', 'L1', 53.3985, -2.9823), area('Woolton', 'L25', 53.3747, -2.8663)],
  },
  {
    town: 'Bristol',
    rent: 1550,
    sale: 350_000,
    weight: 3,
    areas: [
      area('Clifton', 'BS8', 51.4567, -2.6206),
      area('Bedminster', 'BS3', 51.4402, -2.6033),
      area('Redland', 'BS6', 51.4701, -2.6045),
    ],
  },
  {
    town: 'Sheffield',
    rent: 850,
    sale: 190_000,
    weight: 2,
    areas: [area('Ecclesall', 'S11', 53.3605, -1.5036), area('Kelham Island', 'S3', 53.3893, -1.4717)],
  },
  {
    town: 'Newcastle upon Tyne',
    rent: 850,
    sale: 180_000,
    weight: 2,
    areas: [area('Jesmond', 'NE2', 54.9869, -1.6006), area('Heaton', 'NE6', 54.9806, -1.5758)],
  },
  { town: 'Nottingham', rent: 900, sale: 195_000, weight: 2, areas: [area('', 'NG7', 52.9536, -1.1505)] },
  { town: 'Leicester', rent: 850, sale: 200_000, weight: 1, areas: [area('', 'LE2', 52.6386, -1.1317)] },
  { town: 'Brighton', rent: 1600, sale: 410_000, weight: 2, areas: [area('', 'BN1', 50.8284, -0.1395)] },
  { town: 'Oxford', rent: 1800, sale: 480_000, weight: 2, areas: [area('', 'OX4', 51.7522, -1.256)] },
  { town: 'Cambridge', rent: 1750, sale: 470_000, weight: 2, areas: [area('', 'CB1', 52.2, 0.1167)] },
  { town: 'York', rent: 1150, sale: 310_000, weight: 2, areas: [area('', 'YO1', 53.9576, -1.0827)] },
  { town: 'Bath', rent: 1500, sale: 420_000, weight: 1, areas: [area('', 'BA1', 51.3751, -2.3617)] },
  {
    town: 'Edinburgh',
    nation: 'scotland',
    rent: 1400,
    sale: 290_000,
    weight: 3,
    areas: [
      area('Leith', 'EH6', 55.9756, -3.1667),
      area('Stockbridge', 'EH3', 55.9587, -3.2076),
      area('Marchmont', 'EH9', 55.9361, -3.1927),
    ],
  },
  {
    town: 'Glasgow',
    nation: 'scotland',
    rent: 1050,
    sale: 175_000,
    weight: 2,
    areas: [area('West End', 'G12', 55.8747, -4.2926), area('Merchant City', 'G1', 55.8597, -4.2455)],
  },
  {
    town: 'Cardiff',
    nation: 'wales',
    rent: 1050,
    sale: 240_000,
    weight: 2,
    areas: [area('Pontcanna', 'CF11', 51.4869, -3.1988), area('Roath', 'CF24', 51.4949, -3.1597)],
  },
  {
    town: 'Belfast',
    nation: 'northern_ireland',
    rent: 900,
    sale: 180_000,
    weight: 2,
    areas: [area('', 'BT7', 54.5968, -5.9254)],
  },
  { town: 'Norwich', rent: 950, sale: 240_000, weight: 1, areas: [area('', 'NR2', 52.6278, 1.2983)] },
  { town: 'Exeter', rent: 1100, sale: 290_000, weight: 1, areas: [area('', 'EX4', 50.7236, -3.5275)] },
  { town: 'Plymouth', rent: 850, sale: 195_000, weight: 1, areas: [area('', 'PL1', 50.3715, -4.143)] },
  { town: 'Southampton', rent: 1050, sale: 230_000, weight: 1, areas: [area('', 'SO14', 50.904, -1.4043)] },
  { town: 'Reading', rent: 1350, sale: 330_000, weight: 1, areas: [area('', 'RG1', 51.4562, -0.9711)] },
  {
    town: 'Aberdeen',
    nation: 'scotland',
    rent: 800,
    sale: 150_000,
    weight: 1,
    areas: [area('', 'AB10', 57.1437, -2.0981)],
  },
  {
    town: 'Swansea',
    nation: 'wales',
    rent: 800,
    sale: 170_000,
    weight: 1,
    areas: [area('', 'SA1', 51.6208, -3.9432)],
  },
  { town: 'Durham', rent: 850, sale: 190_000, weight: 1, areas: [area('', 'DH1', 54.7768, -1.5757)] },
  { town: 'Canterbury', rent: 1150, sale: 320_000, weight: 1, areas: [area('', 'CT1', 51.279, 1.0799)] },
  { town: 'Cheltenham', rent: 1150, sale: 330_000, weight: 1, areas: [area('', 'GL50', 51.9001, -2.0797)] },
  { town: 'Harrogate', rent: 1050, sale: 320_000, weight: 1, areas: [area('', 'HG1', 53.9908, -1.5373)] },
  { town: 'Sunderland', rent: 650, sale: 110_000, weight: 1, areas: [area('', 'SR2', 54.9046, -1.3822)] },
  { town: 'Hull', rent: 650, sale: 115_000, weight: 1, areas: [area('', 'HU5', 53.7446, -0.3352)] },
  { town: 'Bournemouth', rent: 1150, sale: 300_000, weight: 1, areas: [area('', 'BH1', 50.7205, -1.8795)] },
  {
    town: 'Inverness',
    nation: 'scotland',
    rent: 850,
    sale: 190_000,
    weight: 1,
    areas: [area('', 'IV2', 57.4791, -4.224)],
  },
  {
    town: 'Dundee',
    nation: 'scotland',
    rent: 750,
    sale: 145_000,
    weight: 1,
    areas: [area('', 'DD1', 56.4691, -2.9749)],
  },
  { town: 'Chester', rent: 1050, sale: 270_000, weight: 1, areas: [area('', 'CH1', 53.1905, -2.8919)] },
  { town: 'Lincoln', rent: 800, sale: 185_000, weight: 1, areas: [area('', 'LN1', 53.2268, -0.5379)] },
  { town: 'Truro', rent: 1000, sale: 290_000, weight: 1, areas: [area('', 'TR1', 50.2653, -5.0544)] },
]

const STREETS = [
  'Victoria Road',
  'Church Street',
  'Mill Lane',
  'Park Avenue',
  'Albert Terrace',
  'Queens Road',
  'Station Road',
  'Grove Crescent',
  'Orchard Close',
  'Chapel Street',
  'Elm Grove',
  'Market Place',
  'Kings Walk',
  'Bridge Street',
  'Meadow Way',
  'Castle Hill',
  'Wellington Place',
  'Hawthorn Drive',
  'Canal Side',
  'Abbey Gardens',
] as const

const RENT_RANGE = [550, 4500] as const
const SALE_RANGE = [85_000, 2_500_000] as const
/** Price of an n-bedroom home against a two-bedroom one. */
const BEDROOM_FACTOR = [0.72, 1, 1.3, 1.65, 2.05, 2.5] as const
const NUMBER_WORDS = ['One', 'Two', 'Three', 'Four', 'Five', 'Six'] as const

type Random = () => number
const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)] as T
const between = (random: Random, low: number, high: number) => low + random() * (high - low)
const roundTo = (value: number, step: number) => Math.round(value / step) * step
const clamp = (value: number, [low, high]: readonly [number, number]) => Math.min(high, Math.max(low, value))

function kindsFor(bedrooms: number): readonly string[] {
  if (bedrooms === 1) return ['flat', 'apartment', 'studio flat', 'maisonette', 'cottage']
  if (bedrooms === 2) return ['flat', 'terrace', 'cottage', 'maisonette', 'apartment', 'mews house']
  if (bedrooms === 3) return ['terrace', 'semi', 'townhouse', 'family home', 'cottage', 'bungalow']
  return ['detached house', 'family home', 'townhouse', 'villa', 'farmhouse', 'Victorian house']
}

const NAME_ADJECTIVES = ['Bright', 'Spacious', 'Cosy', 'Modern', 'Period', 'Quiet', 'Sunny', 'Stylish']

/** A listing name of 10 to 32 characters. */
function nameFor(random: Random, kind: string, bedrooms: number, place: string): string {
  const beds = `${NUMBER_WORDS[bedrooms - 1]}-bed`
  const adjective = pick(random, NAME_ADJECTIVES)
  const candidates = [
    `${beds} ${kind} in ${place}`,
    `${adjective} ${kind} in ${place}`,
    `${place} ${kind}`,
    `${adjective} ${beds.toLowerCase()} ${kind}`,
    `${adjective} ${kind}, ${place}`,
  ].filter((name) => name.length >= 10 && name.length <= 32)
  return candidates.length > 0 ? pick(random, candidates) : `${adjective} ${kind}`.slice(0, 32)
}

const OPENINGS = [
  (d: Details) => `A ${d.adjective} ${d.bedroomsWord}-bedroom ${d.kind} on a quiet street in ${d.place}.`,
  (d: Details) =>
    `This ${d.adjective} ${d.kind} is a short walk from the shops, cafés and station of ${d.place}.`,
  (d: Details) =>
    `Set over ${d.bedrooms > 2 ? 'three floors' : 'one floor'}, this ${d.kind} has ${d.bedroomsWord} bedroom${d.bedrooms > 1 ? 's' : ''} and ${d.bathroomsWord} bathroom${d.bathrooms > 1 ? 's' : ''}.`,
  (d: Details) =>
    d.bedrooms > 1
      ? `${d.bedroomsWord[0]?.toUpperCase()}${d.bedroomsWord.slice(1)} bedrooms in a ${d.adjective} ${d.kind}, close to the heart of ${d.place}.`
      : `A ${d.adjective} ${d.kind} with one bedroom, close to the heart of ${d.place}.`,
]
const ROOM_LINES = [
  'The living room has tall windows and a working fireplace.',
  'A newly fitted kitchen opens onto a dining area with room for six.',
  'Original floorboards run through the hall and reception rooms.',
  'The main bedroom is quiet, at the back, with fitted wardrobes.',
  'The bathroom was refitted last year, with a rainfall shower over the bath.',
  'Double glazing and a new boiler keep the bills down.',
  'The kitchen has an island, a range cooker and plenty of storage.',
  'A small south-facing garden catches the sun all afternoon.',
  'There is a bright study that would suit working from home.',
  'The loft has been boarded and gives generous storage.',
]
const SETTING_LINES = [
  (d: Details) => `Good schools, a park and regular buses to ${d.town} centre are all nearby.`,
  (d: Details) => `${d.place} has a busy high street, a Saturday market and a well-loved pub on the corner.`,
  () => 'The station is ten minutes away on foot.',
  () => 'The neighbours are friendly and the street is lined with trees.',
]
const TERMS = {
  rent: [
    (d: Details) =>
      d.furnished
        ? 'It comes furnished and is available from next month.'
        : 'Offered unfurnished, available now.',
    () => 'Sorry, no sharers; a pet may be considered.',
  ],
  sale: [
    () => 'Offered with no onward chain.',
    () => 'Viewing is recommended to appreciate the space on offer.',
  ],
}

type Details = {
  adjective: string
  kind: string
  place: string
  town: string
  bedrooms: number
  bathrooms: number
  bedroomsWord: string
  bathroomsWord: string
  furnished: boolean
  parking: boolean
}

/** Two to four sentences that agree with the listing's facts. */
function descriptionFor(random: Random, d: Details, type: 'rent' | 'sale'): string {
  const sentences = [pick(random, OPENINGS)(d)]
  const extra = 1 + Math.floor(random() * 3)
  const pool = [
    ...ROOM_LINES.map((line) => () => line),
    ...SETTING_LINES,
    ...TERMS[type],
    () => (d.parking ? 'There is off-street parking for one car.' : 'Parking is by residents’ permit.'),
  ]
  while (sentences.length < 1 + extra) {
    const sentence = pick(random, pool)(d)
    if (!sentences.includes(sentence)) sentences.push(sentence)
  }
  return sentences.join(' ')
}

/** Minutes before the seed's time at which listing n was added: newest first, over a year and a bit. */
function minutesAgo(n: number, random: Random): number {
  if (n <= 3) return n * 4 // today
  if (n <= 6) return 24 * 60 + n // yesterday, at about this time
  if (n <= 300) return 2 * 24 * 60 + (n - 7) * 330 + Math.floor(random() * 300) // the last ten weeks
  return 370 * 24 * 60 + (n - 300) * 2 * 24 * 60 // over a year ago
}

const WORDS = ['one', 'two', 'three', 'four', 'five', 'six']

export function demoListingId(n: number): string {
  return `5eed0000-0000-4000-8000-${String(n).padStart(12, '0')}`
}

/** The demo listings, newest first. */
export function demoListings(count = DEMO_LISTING_COUNT): DemoListing[] {
  const random = randomFrom('roost-demo-listings')
  // The facts draw from a stream of their own, so the values above them stay as they were before them.
  const factsRandom = randomFrom('roost-demo-property-facts')
  const towns = TOWNS.flatMap((town) => Array.from({ length: town.weight }, () => town))
  const listings: DemoListing[] = []
  for (let n = 1; n <= count; n += 1) {
    // The first towns come in order so that even a short list covers many places.
    const town = n <= TOWNS.length ? (TOWNS[n - 1] as Town) : pick(random, towns)
    const where = pick(random, town.areas)
    // Listing 2 is a home for sale: the bundle budget opens it.
    const type = n === 2 ? 'sale' : random() < 0.55 ? 'rent' : 'sale'
    const bedrooms = pick(random, [1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 5, 6])
    const bathrooms = Math.max(1, Math.min(4, bedrooms - Math.floor(random() * 2) - (bedrooms > 3 ? 1 : 0)))
    const kind = pick(random, kindsFor(bedrooms))
    const place = where.area || town.town
    const factor = (BEDROOM_FACTOR[bedrooms - 1] as number) * between(random, 0.78, 1.3)
    const regularPrice =
      type === 'rent'
        ? clamp(roundTo(town.rent * factor, 25), RENT_RANGE)
        : clamp(roundTo(town.sale * factor, 5000), SALE_RANGE)
    const offer = n === 1 || random() < 0.2
    const discountedPrice = offer
      ? type === 'rent'
        ? regularPrice - Math.max(25, roundTo(regularPrice * between(random, 0.04, 0.12), 25))
        : regularPrice - Math.max(5000, roundTo(regularPrice * between(random, 0.03, 0.1), 5000))
      : null
    const parking = random() < (bedrooms > 2 ? 0.7 : 0.35)
    const furnished = type === 'rent' && random() < 0.5
    const street = pick(random, STREETS)
    const location = [
      `${1 + Math.floor(random() * 120)} ${street}`,
      where.area,
      `${town.town} ${where.district}`,
    ]
      .filter(Boolean)
      .join(', ')
    const details: Details = {
      adjective: pick(random, ['bright', 'spacious', 'well-kept', 'light-filled', 'charming', 'smart']),
      kind,
      place,
      town: town.town,
      bedrooms,
      bathrooms,
      bedroomsWord: WORDS[bedrooms - 1] as string,
      bathroomsWord: WORDS[bathrooms - 1] as string,
      furnished,
      parking,
    }
    const described = n <= 10 || random() < 0.85
    const share = factsRandom()
    const given = n > 300 || (n > 10 && share < 0.08) ? 'none' : n > 10 && share < 0.18 ? 'some' : 'all'
    const allFacts = demoPropertyFacts(factsRandom, {
      type,
      kind,
      bedrooms,
      price: discountedPrice ?? regularPrice,
      priceLevel: factor * Math.sqrt(town.sale / 250_000),
      nation: town.nation ?? 'england',
      furnished,
    })
    const facts =
      given === 'none'
        ? NO_PROPERTY_FACTS
        : given === 'some'
          ? withSomeMissing(factsRandom, allFacts)
          : allFacts
    listings.push({
      n,
      id: demoListingId(n),
      owner: (DEMO_ACCOUNTS[Math.floor(random() * DEMO_ACCOUNTS.length)] as (typeof DEMO_ACCOUNTS)[number])
        .id,
      type,
      name: nameFor(random, kind, bedrooms, place),
      bedrooms,
      bathrooms,
      parking,
      furnished,
      location,
      regularPrice,
      discountedPrice,
      // Within about a kilometre of the place's centre.
      latitude: Number((where.lat + between(random, -0.009, 0.009)).toFixed(4)),
      longitude: Number((where.lon + between(random, -0.014, 0.014)).toFixed(4)),
      images: pick(random, [2, 3, 3, 4, 4, 4, 5, 5, 6]),
      minutesAgo: minutesAgo(n, random),
      description: described ? descriptionFor(random, details, type) : null,
      facts,
    })
  }
  return listings
}

/** The towns and cities the demo listings are in. */
export const DEMO_TOWNS = TOWNS.map((town) => town.town)
