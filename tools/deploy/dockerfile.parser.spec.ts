import { commandWords, dockerStages, parseCopy, parseDockerfile } from './dockerfile.parser';

const dockerfile = `# syntax=docker/dockerfile:1
ARG NODE_IMAGE=node:20

FROM \${NODE_IMAGE} AS build
# a comment
RUN npm ci \\
 && npx nx run auth:build

FROM \${NODE_IMAGE}
COPY --from=build --chown=1000:1000 /app/dist ./dist
COPY ["tools/a b.conf", "/etc/x.conf"]
CMD ["node", "dist/main.js"]
`;

describe('Dockerfile parser', () => {
  const instructions = parseDockerfile(dockerfile);

  it('joins continuation lines and drops comments', () => {
    expect(instructions.map((instruction) => instruction.keyword)).toEqual([
      'ARG',
      'FROM',
      'RUN',
      'FROM',
      'COPY',
      'COPY',
      'CMD',
    ]);
    expect(instructions[2]).toEqual({ keyword: 'RUN', args: 'npm ci && npx nx run auth:build', line: 6 });
  });

  it('groups instructions into stages with their names', () => {
    const stages = dockerStages(instructions);
    expect(stages.map((stage) => [stage.name, stage.baseImage, stage.instructions.length])).toEqual([
      ['build', '${NODE_IMAGE}', 1],
      [undefined, '${NODE_IMAGE}', 3],
    ]);
  });

  it('reads COPY flags, sources and destination in shell and JSON form', () => {
    expect(parseCopy(instructions[4])).toEqual({ from: 'build', sources: ['/app/dist'], destination: './dist' });
    expect(parseCopy(instructions[5])).toEqual({
      from: undefined,
      sources: ['tools/a b.conf'],
      destination: '/etc/x.conf',
    });
  });

  it('reads exec-form and shell-form commands', () => {
    expect(commandWords(instructions[6].args)).toEqual(['node', 'dist/main.js']);
    expect(commandWords('node dist/main.js')).toEqual(['node', 'dist/main.js']);
  });
});
