/**
 * Stand-ins for the platform's LESS libraries, which templates `@import` but no folder carries
 * (docs/developer-platform.md, "Stand-ins"). They define the mixins and variables templates
 * use from them, with plain values, so a stylesheet compiles and looks close enough offline.
 */
export const LESS_STAND_INS: Record<string, string> = {
  'sqs-grid-breaker': `// jsont stand-in for the platform's sqs-grid-breaker
@sqs-grid-breaker-mobile: 640px;
@sqs-grid-breaker-tablet: 960px;
.sqs-grid-breaker() {}
`,
  'sqs-ui-font': `// jsont stand-in for the platform's sqs-ui-font
@sqs-ui-font: "Helvetica Neue", Helvetica, Arial, sans-serif;
.sqs-ui-font() { font-family: @sqs-ui-font; }
`,
  'sqs-layout': `// jsont stand-in for the platform's sqs-layout
.sqs-layout() {}
`,
  'sqs-mixins': `// jsont stand-in for the platform's sqs-mixins
.sqs-clearfix() { &::after { content: ""; display: table; clear: both; } }
`,
};

/** The stand-in a platform import names (`sqs-grid-breaker`, `sqs-grid-breaker.less`, `/sqs-ui-font`). */
export function lessStandIn(name: string): string | undefined {
  const key = name.replace(/^.*\//, '').replace(/\.less$/, '');
  return Object.hasOwn(LESS_STAND_INS, key) ? LESS_STAND_INS[key] : undefined;
}
