/**
 * Imported first by bench/run.ts: React is benchmarked in its production build (the
 * development build validates every element and is several times slower). Nothing of ours
 * reads NODE_ENV.
 */
process.env.NODE_ENV ??= 'production';
