/**
 * Destination pictures shipped with Tripmates (app/public/media/destinations/, drawn for the
 * project, CC0): what the photo carousel shows when no Pexels key is set, so a machine without
 * internet or keys still gets a good-looking widget. The client build serves them at
 * /media/destinations/<slug>.svg.
 */
import type { DestinationPhoto } from '../../../shared/contracts/media';
import type { Paging } from './pexels';

export const BUNDLED_PHOTOS_PATH = '/media/destinations';

export type BundledPhoto = {
  slug: string;
  alt: string;
  /** Places and words a search might use; several words make a phrase ("new york"). */
  tags: string[];
};

export const BUNDLED_PHOTOS: readonly BundledPhoto[] = [
  {
    slug: 'beach-sunset',
    alt: 'A sandy beach at sunset, the sun low over a calm sea, palm trees leaning over the shore',
    tags: [
      'beach',
      'sunset',
      'sea',
      'ocean',
      'coast',
      'sand',
      'surf',
      'bali',
      'kuta',
      'seminyak',
      'goa',
      'cancun',
      'tulum',
      'mexico',
      'algarve',
      'california',
      'rio de janeiro',
      'brazil',
      'summer',
    ],
  },
  {
    slug: 'rice-terraces',
    alt: 'Green rice terraces stepping down a hillside in soft morning light, palms on the ridge',
    tags: [
      'rice',
      'terrace',
      'paddy',
      'bali',
      'ubud',
      'indonesia',
      'denpasar',
      'vietnam',
      'sapa',
      'philippines',
      'banaue',
      'yunnan',
      'countryside',
      'green',
    ],
  },
  {
    slug: 'mountain-lake',
    alt: 'A turquoise mountain lake below snow-capped peaks, dark pine forest on its shores',
    tags: [
      'mountain',
      'lake',
      'alps',
      'switzerland',
      'swiss',
      'canada',
      'banff',
      'rockies',
      'hiking',
      'patagonia',
      'chile',
      'argentina',
      'new zealand',
      'queenstown',
      'slovenia',
      'bled',
      'dolomites',
      'como',
      'nature',
    ],
  },
  {
    slug: 'old-town-street',
    alt: 'An old-town street of colourful houses with shutters and bunting, a yellow tram in the distance',
    tags: [
      'old town',
      'street',
      'lisbon',
      'porto',
      'portugal',
      'prague',
      'czech',
      'rome',
      'italy',
      'florence',
      'spain',
      'seville',
      'barcelona',
      'madrid',
      'croatia',
      'dubrovnik',
      'krakow',
      'tallinn',
      'havana',
      'cuba',
      'cartagena',
      'colombia',
      'provence',
      'france',
      'europe',
    ],
  },
  {
    slug: 'temple',
    alt: 'A tiered temple among tropical trees at dawn, mist drifting through the valley below',
    tags: [
      'temple',
      'pagoda',
      'shrine',
      'kyoto',
      'japan',
      'bangkok',
      'thailand',
      'chiang mai',
      'cambodia',
      'angkor',
      'siem reap',
      'myanmar',
      'bagan',
      'nepal',
      'kathmandu',
      'laos',
      'luang prabang',
      'hanoi',
      'india',
      'bali',
      'indonesia',
      'asia',
    ],
  },
  {
    slug: 'desert-dunes',
    alt: 'Golden sand dunes under a deep blue sky, a camel caravan crossing the ridge',
    tags: [
      'desert',
      'dune',
      'sahara',
      'morocco',
      'marrakech',
      'egypt',
      'cairo',
      'jordan',
      'wadi rum',
      'petra',
      'namibia',
      'dubai',
      'abu dhabi',
      'oman',
      'arizona',
      'camel',
    ],
  },
  {
    slug: 'snowy-village',
    alt: 'A snowy mountain village of wooden chalets with lit windows at blue hour, snow falling',
    tags: [
      'snow',
      'snowy',
      'winter',
      'village',
      'ski',
      'skiing',
      'christmas',
      'chalet',
      'austria',
      'hallstatt',
      'zermatt',
      'chamonix',
      'switzerland',
      'alps',
      'hokkaido',
      'lapland',
    ],
  },
  {
    slug: 'city-skyline-night',
    alt: 'A city skyline at night, towers with lit windows reflected in a dark river',
    tags: [
      'city',
      'skyline',
      'night',
      'nightlife',
      'new york',
      'nyc',
      'manhattan',
      'tokyo',
      'hong kong',
      'singapore',
      'shanghai',
      'dubai',
      'chicago',
      'london',
      'seoul',
      'kuala lumpur',
      'toronto',
      'usa',
      'urban',
    ],
  },
  {
    slug: 'tropical-island',
    alt: 'A small tropical island with palm trees, ringed by a turquoise lagoon and white sand',
    tags: [
      'island',
      'tropical',
      'palm',
      'lagoon',
      'maldives',
      'fiji',
      'bora bora',
      'tahiti',
      'polynesia',
      'caribbean',
      'bahamas',
      'seychelles',
      'mauritius',
      'phuket',
      'krabi',
      'gili',
      'lombok',
      'hawaii',
      'zanzibar',
      'bali',
      'indonesia',
      'snorkeling',
      'diving',
      'paradise',
    ],
  },
  {
    slug: 'harbour',
    alt: 'A harbour at golden hour, fishing boats moored below a hillside of waterfront houses',
    tags: [
      'harbour',
      'harbor',
      'port',
      'marina',
      'boat',
      'sailing',
      'fishing',
      'greece',
      'santorini',
      'mykonos',
      'amalfi',
      'positano',
      'cinque terre',
      'bergen',
      'split',
      'copenhagen',
      'hamburg',
      'sydney',
      'monaco',
      'marseille',
      'malta',
      'valletta',
      'mediterranean',
    ],
  },
  {
    slug: 'savanna-safari',
    alt: 'An acacia tree on the savanna at sunset, giraffes walking in silhouette',
    tags: [
      'safari',
      'savanna',
      'savannah',
      'africa',
      'kenya',
      'nairobi',
      'masai mara',
      'tanzania',
      'serengeti',
      'kilimanjaro',
      'botswana',
      'south africa',
      'kruger',
      'wildlife',
      'giraffe',
    ],
  },
  {
    slug: 'northern-lights',
    alt: 'Green northern lights over a snowy fjord, a red cabin glowing by the shore',
    tags: [
      'northern lights',
      'aurora',
      'iceland',
      'reykjavik',
      'norway',
      'tromso',
      'lapland',
      'finland',
      'sweden',
      'abisko',
      'fjord',
      'greenland',
      'alaska',
      'arctic',
    ],
  },
];

export const bundledPhotoPath = (slug: string) => `${BUNDLED_PHOTOS_PATH}/${slug}.svg`;

// Letters NFD does not take apart (Tromsø, Ærø, Łódź, Straße, Đà Nẵng).
const FOLDS: Record<string, string> = { ø: 'o', æ: 'ae', œ: 'oe', ß: 'ss', ł: 'l', đ: 'd' };

/** An English plural's singular, near enough: "beaches", "dunes", "cities", "terraces". */
function singular(word: string) {
  if (word.length <= 3 || word.endsWith('ss')) return word;
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (/(?:s|x|z|ch|sh)es$/.test(word)) return word.slice(0, -2);
  return word.endsWith('s') ? word.slice(0, -1) : word;
}

/**
 * Words of a search or tag, compared loosely: case, accents and punctuation ignored, and
 * plurals made singular so "beaches" finds "beach" and "mountains" finds "mountain".
 */
export function searchWords(text: string): string[] {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[øæœßłđ]/g, (letter) => FOLDS[letter]!)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .map(singular);
}

function containsPhrase(words: string[], phrase: string[]) {
  if (phrase.length === 0) return false;
  for (let start = 0; start + phrase.length <= words.length; start += 1) {
    if (phrase.every((word, i) => words[start + i] === word)) return true;
  }
  return false;
}

const tagWords = new Map(BUNDLED_PHOTOS.map((p) => [p.slug, p.tags.map(searchWords)]));

/** How many of a picture's tags the search names. */
export function relevance(photo: BundledPhoto, query: string) {
  const words = searchWords(query);
  return (tagWords.get(photo.slug) ?? []).filter((tag) => containsPhrase(words, tag)).length;
}

/**
 * The bundled pictures whose tags the search names, most matches first. Only those: issue #17
 * found Bali's carousel showing a snowy village and a mountain lake after its two matches.
 * Fewer is better than wrong, and none gives the widget its empty state (spec §8).
 */
export function rankBundledPhotos(query: string): BundledPhoto[] {
  return BUNDLED_PHOTOS.map((photo, index) => ({ photo, index, score: relevance(photo, query) }))
    .filter(({ score }) => score > 0)
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .map(({ photo }) => photo);
}

export function toBundledPhoto({ slug, alt }: BundledPhoto): DestinationPhoto {
  const path = bundledPhotoPath(slug);
  return {
    id: `tripmates-${slug}`,
    src: { medium: path, thumbnail: path },
    alt,
    photographer: 'Tripmates',
    photographerUrl: null,
    source: 'bundled',
  };
}

/** One page of bundled pictures for a search: the answer when Pexels is not configured. */
export function bundledPhotos(query: string, { perPage, page }: Paging): DestinationPhoto[] {
  const start = (page - 1) * perPage;
  return rankBundledPhotos(query)
    .slice(start, start + perPage)
    .map(toBundledPhoto);
}
