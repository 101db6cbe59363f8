/** Types shared by the compiler, the executor and the public facade. */
import type { Code } from './code.js';
import type { SourceLocation, TemplateError } from './errors.js';

/** What `compile()` returns. `code` is the reference-compatible JSON tree. */
export interface Template {
  code: Code;
  errors: TemplateError[];
  /**
   * Source location of every composite instruction, keyed by the instruction array itself, so
   * the JSON tree stays exactly reference-compatible. Absent for code compiled elsewhere.
   */
  locations?: WeakMap<object, SourceLocation>;
  /** Name shown in error messages (a file or partial name). */
  source?: string;
}

export interface RenderOptions {
  /** name -> template source or compiled code */
  partials?: Record<string, string | Code>;
  /** path -> decoded JSON value */
  injects?: Record<string, unknown>;
  /** BCP 47, default 'en-US' */
  locale?: string;
  /** epoch ms used by relative-time and timesince */
  now?: number;
  /** overrides website.timeZone */
  timeZone?: string;
  /** `.eval` and expression support, default true */
  expressions?: boolean;
  /** `.include` support, default true */
  includes?: boolean;
  /** maximum tokens in one `.eval` source; default 2000 (0 = unlimited) */
  maxExpressionTokens?: number;
  /** maximum length of a string built by `+` in an expression; default 1,000,000 (0 = unlimited) */
  maxStringLength?: number;
  /**
   * maximum applications of partials and macros (apply and include together) in one render;
   * default 100,000 (0 = unlimited). Past it each one prints nothing, with one error.
   */
  maxPartialApplications?: number;
}

export interface RenderResult {
  html: string;
  errors: TemplateError[];
}

/** Turns template source into a Template; injected into the executor so it can parse string partials without importing the compiler. */
export type ParseFunction = (source: string, name?: string) => Template;
