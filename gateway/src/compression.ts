import zlib from 'node:zlib';
import compression from 'compression';

/** Brotli or gzip for every text answer that is not already compressed (the build's files are, on disk). */
export const compressAnswers = () => compression({ threshold: 1024, brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } } });
