import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import postcss from 'postcss';
import type { Plugin } from 'vite';

/**
 * The GOV.GR design system's stylesheet is 178 kB for its 629 `govgr-*` classes; the app uses under a
 * hundred. Every page waits for the stylesheet before its first paint, so the build drops the rules
 * whose `govgr-*` classes no source file names (bench/README.md "Lighthouse, mobile"). A class built
 * at run time (`govgr-btn-${variant}`) keeps every class of its prefix.
 */
export function unusedDesignSystemCss(sourceDir: string): Plugin {
  return {
    name: 'tickets-unused-design-system-css',
    apply: 'build',
    enforce: 'pre',
    transform(css, id) {
      if (!/[\\/]@digigov[\\/]css[\\/]dist[\\/]digigov\.css$/.test(id)) return null;
      const used = classesNamedIn(sourceDir);
      const kept = (name: string) =>
        used.names.has(name) || used.prefixes.some((prefix) => name.startsWith(prefix));
      const root = postcss.parse(css, { from: id });
      root.walkRules((rule) => {
        // Keyframe steps ("from", "50%") are not selectors of the page.
        if (rule.parent?.type === 'atrule' && /keyframes$/.test((rule.parent as postcss.AtRule).name)) return;
        // A class under :not() is one the element lacks: it stays whether the app names it or not.
        const selectors = rule.selectors.filter((selector) =>
          (selector.replace(/:not\([^)]*\)/g, '').match(/\.govgr-[\w-]+/g) ?? []).every((name) =>
            kept(name.slice(1)),
          ),
        );
        if (selectors.length === 0) rule.remove();
        else rule.selectors = selectors;
      });
      // A media query or a @supports left with no rules goes too.
      root.walkAtRules((atRule) => {
        if (atRule.nodes?.length === 0) atRule.remove();
      });
      return { code: root.toString(), map: null };
    },
  };
}

/** The `govgr-*` classes the app's source and index.html name, and the prefixes of those it builds. */
function classesNamedIn(sourceDir: string) {
  const names = new Set<string>();
  const prefixes = new Set<string>();
  const files = [
    path.join(sourceDir, '..', 'index.html'),
    ...readdirSync(sourceDir, { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.(tsx?|css)$/.test(file) && !/\.test\.tsx?$/.test(file))
      .map((file) => path.join(sourceDir, file)),
  ];
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    for (const [name] of text.matchAll(/govgr-[\w-]*[\w]/g)) names.add(name);
    for (const [, prefix] of text.matchAll(/(govgr-[\w-]*)\$\{/g)) if (prefix) prefixes.add(prefix);
  }
  return { names, prefixes: [...prefixes] };
}
