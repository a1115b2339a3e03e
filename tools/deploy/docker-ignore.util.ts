/**
 * Whether a path is left out of the build context by .dockerignore rules: `*` and `?` within one path segment,
 * `**` across segments, a rule matching a folder excludes what is below it, `!` re-includes, the last match wins.
 */
export function parseDockerignore(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
}

function patternToRegExp(pattern: string): RegExp {
  const body = pattern
    .replace(/^\/+|\/+$/g, '')
    .split('/')
    .map((segment) =>
      segment === '**'
        ? '.*'
        : segment
            .replace(/[.+^${}()|[\]\\]/g, '\\$&')
            .replace(/\*/g, '[^/]*')
            .replace(/\?/g, '[^/]'),
    )
    .join('/')
    .replace(/\.\*\//g, '(?:.*/)?');
  return new RegExp(`^${body}(?:/.*)?$`);
}

export function isDockerIgnored(relativePath: string, rules: string[]): boolean {
  const normalized = relativePath.replace(/^\.\/+/, '').replace(/\/+$/, '');
  let ignored = false;
  for (const rule of rules) {
    const negated = rule.startsWith('!');
    if (patternToRegExp(negated ? rule.slice(1) : rule).test(normalized)) ignored = !negated;
  }
  return ignored;
}
