#!/usr/bin/env node
// Launcher: runs the TypeScript entry through tsx so operators need no build step.
import { register } from 'tsx/esm/api';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
register({ tsconfig: path.join(root, 'tsconfig.json') });
const { main } = await import(pathToFileURL(path.join(root, 'tools/cli/src/main.ts')).href);
process.exitCode = await main(process.argv.slice(2));
