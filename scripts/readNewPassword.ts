/** Reading a password at the terminal without showing it, for the operator's commands. */
function promptHidden(question: string): Promise<string> {
  const input = process.stdin;
  return new Promise((resolve, reject) => {
    let value = '';
    const finish = (error?: Error) => {
      input.off('data', onData);
      input.setRawMode(false);
      input.pause();
      process.stdout.write('\n');
      if (error) reject(error);
      else resolve(value);
    };
    const onData = (chunk: string) => {
      for (const character of chunk) {
        if (character === '\r' || character === '\n') return finish();
        if (character === '\u0003') return finish(new Error('Cancelled'));
        if (character === '\u007f' || character === '\b') value = value.slice(0, -1);
        else value += character;
      }
    };
    process.stdout.write(question);
    input.setRawMode(true);
    input.setEncoding('utf8');
    input.resume();
    input.on('data', onData);
  });
}

const differMessage = 'The two passwords differ. Nothing was changed.';

/**
 * A password piped in: one line, or two that match (a person who is asked for it twice pipes it
 * twice). Its line breaks are not part of it.
 */
async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(Buffer.from(chunk as Buffer));
  const lines = Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '')
    .split(/\r?\n/);
  const [password = '', repeated = password, ...more] = lines;
  if (more.length > 0)
    throw new Error('Standard input has more than two lines: give the password on one line, or twice on two.');
  if (password !== repeated) throw new Error(differMessage);
  return password;
}

/**
 * A new password for an operator's command: from `variable` in the environment, from standard
 * input when piped (one line, or the same line twice), or from a hidden prompt typed twice.
 */
export async function readNewPassword(variable: string, question: string): Promise<string> {
  const fromEnvironment = process.env[variable];
  if (fromEnvironment) return fromEnvironment;
  if (!process.stdin.isTTY) return readStdin();
  const password = await promptHidden(question);
  const repeated = await promptHidden('Type it again: ');
  if (password !== repeated) throw new Error(differMessage);
  return password;
}
