// Nx loads generator factories with require() and cannot transpile TypeScript in this workspace (no ts-node or
// @swc-node): tsx's CommonJS loader runs the typed generator, so the scaffold code stays shared with the CLI.
const { require: tsxRequire } = require('tsx/cjs/api');

const { brandGenerator } = tsxRequire('./generator.ts', __filename);

exports.brandGenerator = brandGenerator;
