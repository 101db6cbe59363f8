/**
 * HTML attributes to React props, so that React renders the attribute the HTML had: React
 * names (`class` -> className, `tabindex` -> tabIndex, SVG's `stroke-width` -> strokeWidth,
 * `xlink:href` -> xlinkHref, `viewbox` -> viewBox as the lower-casing tokenizer left it),
 * boolean attributes as `true` (React drops a boolean whose value is ""), inline styles as
 * objects, and `value`/`checked` of form controls as defaults (uncontrolled, like the HTML).
 * Inline event-handler attributes (`onclick="…"`) are dropped: React cannot render them.
 *
 * The name tables are React's own (react-dom's possibleStandardNames), stored as the React
 * spellings; the HTML spellings are derived: lower case, or hyphenated for SVG presentation
 * attributes.
 */
const CAMEL_LOWER =
  'accessKey allowFullScreen autoCapitalize autoComplete autoCorrect autoFocus autoPlay ' +
  'cellPadding cellSpacing charSet classID colSpan contentEditable contextMenu controlsList ' +
  'crossOrigin dateTime disablePictureInPicture disableRemotePlayback encType enterKeyHint ' +
  'fetchPriority formMethod formAction formEncType formNoValidate formTarget frameBorder ' +
  'hrefLang imageSizes imageSrcSet inputMode itemID itemProp itemRef itemScope itemType ' +
  'marginWidth marginHeight maxLength mediaGroup minLength noModule noValidate playsInline ' +
  'radioGroup readOnly referrerPolicy rowSpan spellCheck srcDoc srcLang srcSet tabIndex ' +
  'useMap allowReorder attributeName attributeType autoReverse baseFrequency baseProfile ' +
  'calcMode clipPathUnits contentScriptType contentStyleType diffuseConstant edgeMode ' +
  'externalResourcesRequired filterRes filterUnits glyphRef gradientTransform gradientUnits ' +
  'kernelMatrix kernelUnitLength keyPoints keySplines keyTimes lengthAdjust limitingConeAngle ' +
  'markerHeight markerUnits markerWidth maskContentUnits maskType maskUnits numOctaves ' +
  'pathLength patternContentUnits patternTransform patternUnits pointsAtX pointsAtY pointsAtZ ' +
  'popoverTarget popoverTargetAction preserveAlpha preserveAspectRatio primitiveUnits refX ' +
  'refY repeatCount repeatDur requiredExtensions requiredFeatures specularConstant ' +
  'specularExponent spreadMethod startOffset stdDeviation stitchTiles ' +
  'suppressContentEditableWarning suppressHydrationWarning surfaceScale systemLanguage ' +
  'tableValues targetX targetY textLength viewBox viewTarget xChannelSelector xlinkActuate ' +
  'xlinkArcrole xlinkHref xlinkRole xlinkShow xlinkTitle xlinkType xmlBase xmlLang xmlnsXlink ' +
  'xmlSpace yChannelSelector zoomAndPan ';
const CAMEL_HYPHEN =
  'acceptCharset httpEquiv accentHeight alignmentBaseline arabicForm baselineShift capHeight ' +
  'clipPath clipRule colorInterpolation colorInterpolationFilters colorProfile colorRendering ' +
  'dominantBaseline enableBackground fillOpacity fillRule floodOpacity floodColor fontFamily ' +
  'fontSize fontSizeAdjust fontStretch fontStyle fontVariant fontWeight glyphName ' +
  'glyphOrientationHorizontal glyphOrientationVertical horizAdvX horizOriginX imageRendering ' +
  'letterSpacing lightingColor markerEnd markerMid markerStart overlinePosition ' +
  'overlineThickness paintOrder pointerEvents renderingIntent shapeRendering stopColor ' +
  'stopOpacity strikethroughPosition strikethroughThickness strokeDasharray strokeDashoffset ' +
  'strokeLinecap strokeLinejoin strokeMiterlimit strokeWidth strokeOpacity textAnchor ' +
  'textDecoration textRendering transformOrigin underlinePosition underlineThickness ' +
  'unicodeBidi unicodeRange unitsPerEm vAlphabetic vectorEffect vertAdvY vertOriginX ' +
  'vertOriginY vHanging vIdeographic vMathematical wordSpacing writingMode xHeight ';

const NAMES = new Map<string, string>([
  ['class', 'className'],
  ['for', 'htmlFor'],
  ['panose-1', 'panose1'],
  ['xmlns:xlink', 'xmlnsXlink'],
]);
for (const name of CAMEL_LOWER.split(' ')) if (name) NAMES.set(name.toLowerCase(), name);
for (const name of CAMEL_HYPHEN.split(' ')) {
  if (!name) continue;
  NAMES.set(name.toLowerCase(), name);
  NAMES.set(
    name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`),
    name,
  );
}
for (const name of 'actuate arcrole href role show title type'.split(' ')) {
  NAMES.set(`xlink:${name}`, `xlink${name[0]!.toUpperCase()}${name.slice(1)}`);
}
for (const name of ['base', 'lang', 'space']) {
  NAMES.set(`xml:${name}`, `xml${name[0]!.toUpperCase()}${name.slice(1)}`);
}

/** React props rendered as present/absent. */
const BOOLEAN = new Set(
  (
    'allowFullScreen async autoFocus autoPlay controls default defer disabled ' +
    'disablePictureInPicture disableRemotePlayback formNoValidate hidden inert loop noModule ' +
    'noValidate open playsInline readOnly required reversed scoped seamless itemScope checked ' +
    'multiple muted selected'
  ).split(' '),
);

/** Names React accepts as attributes (its isAttributeNameSafe, with the Unicode ranges merged). */
const SAFE_NAME = /^[:A-Z_a-z\u00C0-\uFFFD][:A-Z_a-z\u00C0-\uFFFD\-.0-9\u00B7]*$/;

/** Names seen so far (attribute names repeat endlessly; the regex need not). */
const memo = new Map<string, string | null>();

/**
 * The React prop name for an HTML attribute name, or null when React cannot render it: inline
 * event handlers, names outside React's safe set, and `key` and `ref`, which React takes for
 * itself (a `ref` string even stops the render in the browser).
 */
export function reactName(name: string): string | null {
  let prop = memo.get(name);
  if (prop !== undefined) return prop;
  prop = NAMES.get(name) ?? null;
  if (
    prop === null &&
    !(name.length > 2 && name.startsWith('on')) &&
    name !== 'key' &&
    name !== 'ref' &&
    SAFE_NAME.test(name)
  ) {
    prop = name;
  }
  if (memo.size < 10_000) memo.set(name, prop);
  return prop;
}

export type Props = Record<string, unknown>;

/** How `setAttribute` sets a prop. */
const enum Kind {
  PLAIN,
  STYLE,
  BOOLEAN,
  /** `value`: an input's is its defaultValue. */
  VALUE,
  CONTENT_EDITABLE,
  /** `src`, `href`: React leaves an empty one out (but an `<a>`'s href). */
  URL,
}

interface Rule {
  prop: string;
  kind: Kind;
  /** The prop is in every object already (`constructor`, `toString`…): it is never set. */
  inherited: boolean;
}

function ruleFor(name: string): Rule | null {
  const prop = reactName(name);
  if (prop === null) return null;
  let kind = Kind.PLAIN;
  if (prop === 'style') kind = Kind.STYLE;
  else if (BOOLEAN.has(prop)) kind = Kind.BOOLEAN;
  else if (prop === 'value') kind = Kind.VALUE;
  else if (prop === 'contentEditable') kind = Kind.CONTENT_EDITABLE;
  else if (prop === 'src' || prop === 'href') kind = Kind.URL;
  return { prop, kind, inherited: prop in Object.prototype };
}

/** `ruleFor`, cached where the server entry installs a cache (attribute-rule-cache.ts). */
let ruleOf: (name: string) => Rule | null = ruleFor;

/** Installs a cache around `ruleFor` (null: every name's rule is worked out again). */
export function useAttributeRuleCache(
  cache: (<R>(compute: (name: string) => R | null) => (name: string) => R | null) | null,
): void {
  ruleOf = cache === null ? ruleFor : cache(ruleFor);
}

/**
 * Adds one attribute to `props` (the first of duplicate names wins, as in HTML). Returns
 * false when React will print the attribute differently from the HTML, so the element needs
 * `suppressHydrationWarning`: a style string differs in spelling, and an attribute React cannot
 * render is missing (hydration keeps the server's, but React's development build would report
 * it).
 */
export function setAttribute(props: Props, tag: string, name: string, value: string): boolean {
  const rule = ruleOf(name);
  // Dropped, but the server's HTML has it (hydration leaves it there): not exact.
  if (rule === null) return false;
  if (rule.prop in props) return true;
  return setProp(props, tag, rule, value);
}

/**
 * `setAttribute` for each attribute, in order, on a new props object. Returns false as
 * `setAttribute` does.
 */
export function setAttributes(
  props: Props,
  tag: string,
  attrs: ReadonlyArray<{ name: string; value: string }>,
): boolean {
  let exact = true;
  for (let i = 0; i < attrs.length; i++) {
    const attr = attrs[i]!;
    const rule = ruleOf(attr.name);
    if (rule === null) {
      exact = false;
      continue;
    }
    // The first attribute finds nothing set but what every object inherits.
    if (i === 0 ? rule.inherited : rule.prop in props) continue;
    exact = setProp(props, tag, rule, attr.value) && exact;
  }
  return exact;
}

function setProp(props: Props, tag: string, rule: Rule, value: string): boolean {
  const prop = rule.prop;
  switch (rule.kind) {
    case Kind.PLAIN:
      props[prop] = value;
      return true;
    case Kind.STYLE: {
      const style = parseStyle(value);
      props.style = style;
      return spelledAsReact(style, value);
    }
    case Kind.BOOLEAN:
      props[prop === 'checked' && tag === 'input' ? 'defaultChecked' : prop] = true;
      return true;
    case Kind.VALUE:
      props[tag === 'input' ? 'defaultValue' : prop] = value;
      return true;
    case Kind.CONTENT_EDITABLE:
      props[prop] = value;
      // The markup is the template's: React need not warn that it manages the children.
      props.suppressContentEditableWarning = true;
      return true;
    case Kind.URL:
      // React renders no empty src or href but an anchor's (and warns): the attribute is
      // missing, as for an attribute it cannot render.
      if (value === '' && droppedWhenEmpty(tag, prop)) return false;
      props[prop] = value;
      return true;
  }
}

/** Sets one attribute's prop; returns false as `setAttribute` does. */
export type AttributeSetter = (props: Props, value: string) => boolean;

/** An attribute React cannot render (see `setAttribute`). */
const ignore: AttributeSetter = () => false;

/**
 * `setAttribute` for one attribute of one tag, decided once (the structured tree knows its
 * attribute names in advance; only the values change from render to render).
 */
export function attributeSetter(tag: string, name: string): AttributeSetter {
  const prop = reactName(name);
  if (prop === null) return ignore;
  const plain = plainAttributeProp(tag, name);
  if (plain !== null) {
    return (props, value) => {
      props[plain] = value;
      return true;
    };
  }
  if (prop === 'style') {
    return (props, value) => {
      const style = parseStyle(value);
      props.style = style;
      return spelledAsReact(style, value);
    };
  }
  return (props, value) => setAttribute(props, tag, name, value);
}

/**
 * The prop an attribute's value is stored in as it is (no conversion, nothing else set; an
 * input's value is its `defaultValue`; an empty src or href may be left out), or null: such an
 * attribute needs no setter of its own (the generated element code writes it directly).
 */
export function plainAttributeProp(tag: string, name: string): string | null {
  const prop = reactName(name);
  if (
    prop === null ||
    prop === 'style' ||
    prop === 'contentEditable' ||
    BOOLEAN.has(prop) ||
    droppedWhenEmpty(tag, prop)
  ) {
    return null;
  }
  return prop === 'value' && tag === 'input' ? 'defaultValue' : prop;
}

/** Whether React leaves the prop out when it is empty (see `Kind.URL`). */
export const droppedWhenEmpty = (tag: string, prop: string): boolean =>
  prop === 'src' || (prop === 'href' && tag !== 'a');

/** React's name for a CSS property (`background-color` -> backgroundColor, `-ms-x` -> msX). */
function styleName(name: string): string {
  if (name.startsWith('--')) return name;
  const lower = name.toLowerCase();
  const bare = lower.startsWith('-ms-') ? lower.slice(1) : lower;
  return bare.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
}

/**
 * Splits an inline style into declarations, keeping `;` and `:` inside quotes and parentheses
 * (`url(data:…;base64,…)`); declarations without a name or value are dropped, as a browser does.
 */
export function parseStyle(text: string): Record<string, string> {
  const style: Record<string, string> = {};
  for (const [name, value] of styleDeclarations(text)) style[styleName(name)] = value;
  return style;
}

/** An inline style's declarations as `[name, value]`, as written (see `parseStyle`). */
export function styleDeclarations(text: string): Array<[name: string, value: string]> {
  const decls: Array<[string, string]> = [];
  let depth = 0;
  let quote = '';
  let start = 0;
  const flush = (end: number): void => {
    const decl = text.slice(start, end);
    start = end + 1;
    const colon = decl.indexOf(':');
    if (colon === -1) return;
    const name = decl.slice(0, colon).trim();
    const value = decl.slice(colon + 1).trim();
    if (name === '' || value === '' || !/^-?-?[A-Za-z_][\w-]*$/.test(name)) return;
    decls.push([name, value]);
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quote !== '') {
      if (c === '\\') i++;
      else if (c === quote) quote = '';
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '(') depth++;
    else if (c === ')') depth = Math.max(0, depth - 1);
    else if (c === ';' && depth === 0) flush(i);
  }
  flush(text.length);
  return decls;
}

/**
 * Whether React prints the style as the HTML spells it (else the element needs
 * `suppressHydrationWarning`). An empty one React does not print at all.
 */
const spelledAsReact = (style: Record<string, string>, value: string): boolean =>
  value !== '' && styleString(style) === value;

/** The style attribute React prints for a style object (to know when hydration would warn). */
export function styleString(style: Record<string, string>): string {
  let out = '';
  for (const name in style) {
    const css = name.startsWith('--')
      ? name
      : name
          .replace(/([A-Z])/g, '-$1')
          .toLowerCase()
          .replace(/^ms-/, '-ms-');
    out += `${out === '' ? '' : ';'}${css}:${style[name]}`;
  }
  return out;
}
