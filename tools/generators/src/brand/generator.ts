import type { Tree } from '@nx/devkit';
import { brandIdProblem, brandScaffold, type BrandScaffoldOptions } from '@tessera/server/brand-registry';

/** Options of `nx g @tessera/generators:brand`. */
export interface BrandGeneratorOptions extends BrandScaffoldOptions {
  /** Folder of brands relative to the workspace root (default brands). */
  brandsDir?: string;
}

/** Nx generator: writes brands/<id> with the same scaffold as `tessera brand new`; refuses an existing brand. */
export async function brandGenerator(tree: Tree, options: BrandGeneratorOptions): Promise<void> {
  const problem = brandIdProblem(options.id);
  if (problem) throw new Error(problem);
  const dir = `${options.brandsDir ?? 'brands'}/${options.id}`;
  if (tree.exists(dir) && tree.children(dir).length > 0)
    throw new Error(`${dir} already exists; choose another id or edit that brand`);
  for (const [rel, content] of Object.entries(brandScaffold(options))) tree.write(`${dir}/${rel}`, content);
}
