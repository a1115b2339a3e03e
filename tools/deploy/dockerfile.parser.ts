/** A small Dockerfile reader: enough to check what each image copies, builds, exposes and runs. */

export interface DockerInstruction {
  keyword: string;
  /** The instruction's text after the keyword, continuation lines joined. */
  args: string;
  /** 1-based line where the instruction starts. */
  line: number;
}

export interface DockerStage {
  name?: string;
  /** The image the stage starts from, build arguments not substituted. */
  baseImage: string;
  instructions: DockerInstruction[];
}

export interface DockerCopy {
  /** The stage or image named by `--from`, when the sources do not come from the build context. */
  from?: string;
  sources: string[];
  destination: string;
}

/** Instructions in order; comments, parser directives and blank lines dropped; `\` continuations joined. */
export function parseDockerfile(text: string): DockerInstruction[] {
  const instructions: DockerInstruction[] = [];
  let pending: { text: string; line: number } | undefined;
  text.split('\n').forEach((raw, index) => {
    const line = raw.trimEnd();
    const trimmed = line.trim();
    if (trimmed.startsWith('#') || (trimmed === '' && !pending)) return;
    const continued = line.endsWith('\\');
    const piece = continued ? line.slice(0, -1) : line;
    pending = pending
      ? { ...pending, text: `${pending.text} ${piece.trim()}` }
      : { text: piece.trim(), line: index + 1 };
    if (continued) return;
    const match = /^(\S+)\s*(.*)$/s.exec(pending.text);
    if (match) instructions.push({ keyword: match[1].toUpperCase(), args: match[2].trim(), line: pending.line });
    pending = undefined;
  });
  return instructions;
}

/** The instructions grouped by `FROM`; global `ARG`s before the first stage are left out. */
export function dockerStages(instructions: DockerInstruction[]): DockerStage[] {
  const stages: DockerStage[] = [];
  for (const instruction of instructions) {
    if (instruction.keyword === 'FROM') {
      const words = instruction.args.split(/\s+/).filter((word) => !word.startsWith('--'));
      const asIndex = words.findIndex((word) => word.toUpperCase() === 'AS');
      stages.push({ baseImage: words[0], name: asIndex >= 0 ? words[asIndex + 1] : undefined, instructions: [] });
    } else if (stages.length > 0) {
      stages[stages.length - 1].instructions.push(instruction);
    }
  }
  return stages;
}

/** A COPY or ADD instruction's sources, destination and `--from`, in shell or JSON form. */
export function parseCopy(instruction: DockerInstruction): DockerCopy {
  const flags: string[] = [];
  let rest = instruction.args;
  for (let flag = /^--(\S+)\s+/.exec(rest); flag; flag = /^--(\S+)\s+/.exec(rest)) {
    flags.push(flag[1]);
    rest = rest.slice(flag[0].length);
  }
  const paths: string[] = rest.startsWith('[') ? JSON.parse(rest) : rest.split(/\s+/);
  const from = flags.find((flag) => flag.startsWith('from='))?.slice('from='.length);
  return { from, sources: paths.slice(0, -1), destination: paths[paths.length - 1] };
}

/** The words of an exec-form (`["node", "x"]`) or shell-form instruction such as CMD or HEALTHCHECK CMD. */
export function commandWords(args: string): string[] {
  return args.startsWith('[') ? JSON.parse(args) : args.split(/\s+/);
}
