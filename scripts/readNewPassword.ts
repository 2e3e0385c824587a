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

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8').replace(/\r?\n$/, '');
}

/**
 * A new password for an operator's command: from `variable` in the environment, from standard
 * input when piped, or from a hidden prompt typed twice.
 */
export async function readNewPassword(variable: string, question: string): Promise<string> {
  const fromEnvironment = process.env[variable];
  if (fromEnvironment) return fromEnvironment;
  if (!process.stdin.isTTY) return readStdin();
  const password = await promptHidden(question);
  const repeated = await promptHidden('Type it again: ');
  if (password !== repeated) throw new Error('The two passwords differ. Nothing was changed.');
  return password;
}
