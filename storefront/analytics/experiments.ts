/**
 * Experiment lookup over the site's experiment configuration: a feature toggle is enabled only
 * when its variant is the text 'true'; an A/B test without a usable definition gives its default
 * segment and the caller's default variant. Query-parameter overrides
 * (`?experiment-NAME=VARIANT`) apply only on internal sites. Each answer carries the experiment
 * context (name, type, variant, segment, whether it came from an error).
 */
import { EXPERIMENT_ERRORS } from './constants.js';

export type ExperimentType = 'FEATURE_TOGGLE' | 'AB_TEST';

export interface ExperimentDefinition {
  experimentType: ExperimentType;
  variant?: string;
  segmentName?: string;
}

export interface ExperimentContext {
  name: string;
  experimentType: ExperimentType;
  variant: string;
  segmentName: string;
  containsError: boolean;
}

export const DEFAULT_SEGMENT = 'default';
export const OVERRIDE_PREFIX = 'experiment-';

export class ExperimentError extends Error {}

export interface Experiments {
  isFeatureEnabled(name: string): boolean;
  abTest(name: string, defaultVariant: string): ExperimentContext;
}

export function createExperiments(
  config: Record<string, ExperimentDefinition> | undefined,
  options: { internalSite: boolean; search: string },
): Experiments {
  const overrides = new Map<string, string>();
  if (options.internalSite) {
    for (const [key, value] of new URLSearchParams(options.search)) {
      if (key.startsWith(OVERRIDE_PREFIX)) overrides.set(key.slice(OVERRIDE_PREFIX.length), value);
    }
  }
  const lookup = (name: string, type: ExperimentType): ExperimentDefinition => {
    if (config === undefined) throw new ExperimentError(EXPERIMENT_ERRORS.notLoaded);
    const definition = Object.hasOwn(config, name) ? config[name] : undefined;
    if (definition === undefined) throw new ExperimentError(EXPERIMENT_ERRORS.missing);
    if (definition.experimentType !== type) {
      throw new ExperimentError(EXPERIMENT_ERRORS.wrongType(type));
    }
    if (typeof definition.variant !== 'string')
      throw new ExperimentError(EXPERIMENT_ERRORS.invalid);
    return definition;
  };
  return {
    isFeatureEnabled(name) {
      const variant = overrides.get(name) ?? lookup(name, 'FEATURE_TOGGLE').variant;
      return variant === 'true';
    },
    abTest(name, defaultVariant) {
      const override = overrides.get(name);
      try {
        const definition = lookup(name, 'AB_TEST');
        return {
          name,
          experimentType: 'AB_TEST',
          variant: override ?? definition.variant!,
          segmentName: definition.segmentName ?? DEFAULT_SEGMENT,
          containsError: false,
        };
      } catch {
        return {
          name,
          experimentType: 'AB_TEST',
          variant: override ?? defaultVariant,
          segmentName: DEFAULT_SEGMENT,
          containsError: true,
        };
      }
    },
  };
}
