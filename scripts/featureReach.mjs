// How far a feature reaches into the rest of the code (issue #37): the source files outside its
// own folders that name it — import from its folders, or use its word in code (an identifier,
// a string). Comments and tests do not count. `node scripts/featureReach.mjs [feature…]`.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Each feature's own folders (and contract file), and the words that name it in code. */
export const FEATURES = {
  polls: {
    own: ['server/features/polls/', 'app/features/polls/', 'shared/contracts/polls.ts'],
    words: ['poll', 'polls'],
  },
  todos: {
    own: ['server/features/todos/', 'app/features/todos/', 'shared/contracts/todos.ts'],
    words: ['todo', 'todos'],
  },
  whiteboard: {
    own: [
      'server/features/whiteboard/',
      'app/features/whiteboard/',
      'shared/contracts/whiteboard.ts',
    ],
    words: ['whiteboard', 'whiteboards'],
  },
  shortlist: {
    own: ['server/features/shortlist/', 'app/features/shortlist/', 'shared/contracts/shortlist.ts'],
    words: ['shortlist', 'shortlisted'],
  },
  comments: {
    own: ['server/features/comments/', 'app/features/comments/', 'shared/contracts/comments.ts'],
    words: ['comment', 'comments'],
  },
  chat: {
    own: ['server/features/chat/', 'app/features/chat/', 'shared/contracts/chat.ts'],
    words: ['chat', 'chats'],
  },
  itinerary: {
    own: ['server/features/itinerary/', 'app/features/itinerary/', 'shared/contracts/itinerary.ts'],
    words: ['itinerary', 'itineraries'],
  },
};

// Words of a name a person would not read as the feature ("polling" a socket, SENDING_POLL_MS).
// The group chats Tripmates replaces, in the site's copy, are not the trip's chat.
const NOT_THE_FEATURE = [
  /SENDING_POLL_MS|RETRYING_POLL_MS/g,
  /long-polling|'polling'/g,
  /group chat|300-message chat|apps and chats/g,
];

function sourceFiles(dir) {
  const files = [];
  for (const entry of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) files.push(...sourceFiles(path));
    else if (/\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$|\.d\.ts$/.test(entry.name)) {
      files.push(path.split(sep).join('/'));
    }
  }
  return files;
}

/** The code's words: identifiers split at case changes and underscores, and strings' words. */
function wordsOf(source) {
  let code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
  for (const pattern of NOT_THE_FEATURE) code = code.replace(pattern, '');
  const words = new Set();
  for (const token of code.match(/[A-Za-z][A-Za-z0-9]*/g) ?? []) {
    for (const word of token.split(/(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])/)) {
      words.add(word.toLowerCase());
    }
  }
  return { code, words };
}

export function reachOf(name, files = ['server', 'app', 'shared'].flatMap(sourceFiles)) {
  const feature = FEATURES[name];
  const outside = files.filter((file) => !feature.own.some((own) => file.startsWith(own)));
  return outside.filter((file) => {
    const { code, words } = wordsOf(readFileSync(join(ROOT, file), 'utf8'));
    const imports = feature.own.some((own) =>
      code.includes(`/${own.replace(/^(server|app)\/features\//, '').replace(/\.ts$|\/$/, '')}`),
    );
    return imports || feature.words.some((word) => words.has(word));
  });
}

if (process.argv[1] && relative(process.argv[1], fileURLToPath(import.meta.url)) === '') {
  const names = process.argv.slice(2).length > 0 ? process.argv.slice(2) : Object.keys(FEATURES);
  const files = ['server', 'app', 'shared'].flatMap(sourceFiles);
  for (const name of names) {
    const reach = reachOf(name, files);
    console.log(`${name}: ${reach.length} files outside its folders`);
    for (const file of reach) console.log(`  ${file}`);
  }
}
