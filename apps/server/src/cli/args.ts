/**
 * The command line of the maintenance CLIs (backup, restore): positional files and
 * `--name=value` flags from a fixed list; anything else is a usage error.
 */
export function parseCliArgs(argv: readonly string[], flagNames: readonly string[]) {
  const flagPattern = new RegExp(`^--(${flagNames.join('|')})=`);
  return {
    flag: (name: string) => argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3),
    files: argv.filter((a) => !a.startsWith('--')),
    unknown: argv.filter((a) => a.startsWith('--') && !flagPattern.test(a)),
  };
}

/** Prints to stderr and exits (2 for usage errors, 1 for failures). */
export function fail(message: string, code = 1): never {
  process.stderr.write(`${message}\n`);
  process.exit(code);
}
