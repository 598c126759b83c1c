/**
 * tailwind-merge's rule for the Tailwind classes this app uses: of classes that set the same thing
 * under the same variants (`p-2 … p-4`, `md:hidden … md:flex`, `px-2 … p-4`), the last one wins;
 * anything else stays as written. tailwind-merge knows every Tailwind class and would cost the
 * landing page 8 KB of gzipped JavaScript; this knows the groups of the classes the app uses.
 *
 * classMerge.test.ts checks it against tailwind-merge itself for every pair of class names written
 * in app/. A class it does not know yet fails that test: add it below. (Variants are compared as
 * written, where tailwind-merge sorts them: `hover:md:` and `md:hover:` would fail it too.)
 */

/** Classes that are a group's value on their own: `group:class class|…`. */
const KEYWORDS =
  'display:block inline inline-block flex inline-flex grid contents hidden table table-caption table-cell table-row|position:static fixed absolute relative sticky|visibility:visible invisible|isolation:isolate|sr:sr-only not-sr-only|decoration:underline line-through|case:uppercase lowercase capitalize normal-case|truncate:truncate|nums:tabular-nums|container:@container|resize:resize';

/**
 * Prefixes whose classes form one group, named after the prefix (`pt-4` is `pt`); with `?`, the
 * prefix is a class on its own too (`rounded`).
 */
const PREFIXES =
  'p px py pt pr pb pl m mx my mt mr mb ml gap gap-x gap-y space-x space-y w h size min-w max-w min-h max-h inset inset-x inset-y top right bottom left z opacity duration ease leading tracking rotate translate-x translate-y indent scroll-mt grid-cols grid-rows col row col-start row-start shrink? cursor select pointer-events appearance will-change whitespace break wrap list aspect caption align items justify justify-items justify-self content self place-items overflow overflow-x overflow-y overscroll underline-offset outline-offset fill accent blur? backdrop-blur? drop-shadow? transition? divide-y? rounded? rounded-r? scale-x line-clamp';

// No value (`border`), a number or an arbitrary length: a width rather than a colour.
const WIDTH = String.raw`\d*|\[(length:|.*\d(px|r?em|%|ch|v[hw]|lh)).*`;

/** Prefixes whose value decides the group: `value pattern=group;…`, the first match wins. */
const VALUES: Record<string, string> = {
  text: `left|center|right|justify|start|end=text-align;wrap|nowrap|balance|pretty=text-wrap;base|xs|sm|md|lg|\\d*xl|${WIDTH.slice(4)}=font-size;.+=text-color`,
  font: 'thin|light|normal|medium|semibold|bold|extrabold|black=font-weight;[^[(].*=font-family',
  flex: '(row|col)(-reverse)?=flex-direction;wrap|nowrap=flex-wrap;.+=flex',
  ring: `${WIDTH}=ring-w;.+=ring-color`,
  'ring-offset': `${WIDTH}=ring-offset-w;.+=ring-offset-color`,
  outline: `${WIDTH}=outline-w;solid|dashed|dotted|double|none|hidden=outline-style;.+=outline-color`,
  shadow: String.raw`|none|inner|xs|sm|md|lg|\d*xl|\[.*\d[a-z]*_.*=shadow;.+=shadow-color`,
  bg: String.raw`clip-text=bg-clip;(none|linear-|radial|conic|\[.*gradient\().*=bg-image;.+=bg-color`,
  object: 'cover|contain|fill|none|scale-down=object-fit;center|top|bottom|left|right=object-pos',
  touch: 'auto|none|manipulation=touch;pan-y=touch-y',
  from: '.+=from',
  via: '.+=via',
  to: '.+=to',
  decoration: '.+=decoration-color',
  divide: '.+=divide-color',
  animate: 'spin|ping|pulse|bounce|none=animate',
};
for (const side of ['', ...'xytrbl']) {
  VALUES[`border${side && `-${side}`}`] =
    `${WIDTH}=bw${side};dashed|dotted|double|none=border-style;.+=bc${side}`;
}

const KEYWORD_GROUPS = new Map<string, string>();
for (const entry of KEYWORDS.split('|')) {
  const [group, classes] = entry.split(':') as [string, string];
  for (const name of classes.split(' ')) KEYWORD_GROUPS.set(name, group);
}
const PREFIX_GROUPS = new Map(
  PREFIXES.split(' ').map((p) => [p.replace('?', ''), p.endsWith('?')]),
);
const VALUE_GROUPS = new Map(
  Object.entries(VALUES).map(([prefix, rules]) => [
    prefix,
    rules.split(';').map((rule) => {
      const [pattern, group] = rule.split('=') as [string, string];
      return [new RegExp(`^(?:${pattern})$`), group] as const;
    }),
  ]),
);

const groups = new Map<string, string | undefined>();

/** The group of a class without its variants (`-` of a negative value dropped), if Tailwind's. */
function groupOf(base: string): string | undefined {
  if (groups.has(base)) return groups.get(base);
  const name = base[0] === '-' ? base.slice(1) : base;
  let group = /^\[[^:]+:.*\]$/.test(base) ? base.split(':')[0] : KEYWORD_GROUPS.get(name);
  // The longest known prefix: `min-w-0` is `min-w`'s, not `min`'s.
  for (
    let end = name.length;
    group === undefined && end > 0;
    end = name.lastIndexOf('-', end - 1)
  ) {
    const prefix = name.slice(0, end);
    const value = name.slice(end + 1);
    const rules = VALUE_GROUPS.get(prefix);
    const alone = PREFIX_GROUPS.get(prefix);
    if (rules) group = rules.find(([pattern]) => pattern.test(value))?.[1] ?? '';
    else if (alone !== undefined) group = value || alone ? prefix : '';
  }
  groups.set(base, group || undefined);
  return group || undefined;
}

/** Groups that a class of the group also sets: `p-4` after `px-2` replaces it. */
const CONFLICTS: Record<string, string[]> = {};
for (const entry of 'overflow:overflow-x overflow-y|line-clamp:display overflow|inset:inset-x inset-y top right bottom left|inset-x:right left|inset-y:top bottom|flex:shrink|gap:gap-x gap-y|size:w h|font-size:leading|rounded:rounded-r|touch:touch-y|touch-y:touch'.split(
  '|',
)) {
  const [group, others] = entry.split(':') as [string, string];
  CONFLICTS[group] = others.split(' ');
}
// Sides: `p` sets px … pl, `px` pr and pl, `py` pt and pb; so do margins, and border widths (bw)
// and colours (bc).
for (const group of ['p', 'm', 'bw', 'bc']) {
  CONFLICTS[group] = [...'xytrbl'].map((side) => group + side);
  CONFLICTS[`${group}x`] = [`${group}r`, `${group}l`];
  CONFLICTS[`${group}y`] = [`${group}t`, `${group}b`];
}

/** Joins the classes, dropping each Tailwind class that a later one overrides. */
export function mergeClasses(classList: string): string {
  const taken = new Set<string>();
  let result = '';
  const tokens = classList.trim().split(/\s+/);
  for (let index = tokens.length - 1; index >= 0; index--) {
    const token = tokens[index]!;
    // `md:hover:!px-4/50`: the variants end at the last `:`, the value at a `/` (outside brackets).
    let depth = 0;
    let start = 0;
    let slash = 0;
    for (let at = 0; at < token.length; at++) {
      const char = token[at]!;
      if (!depth && char === ':') start = at + 1;
      else if (!depth && char === '/') slash = at;
      else depth += '[('.includes(char) ? 1 : ')]'.includes(char) ? -1 : 0;
    }
    let base = token.slice(start);
    const important = /^!|!$/.test(base) ? '!' : '';
    if (important) base = base.endsWith('!') ? base.slice(0, -1) : base.slice(1);
    // As tailwind-merge does, the `/` is found before a leading `!` is dropped.
    slash -= start;
    const group = (slash > 0 && groupOf(base.slice(0, slash))) || groupOf(base);
    if (group) {
      const variants = token.slice(0, start) + important;
      if (taken.has(variants + group)) continue;
      for (const other of [group, ...(CONFLICTS[group] ?? [])]) taken.add(variants + other);
    }
    result = result ? `${token} ${result}` : token;
  }
  return result;
}
