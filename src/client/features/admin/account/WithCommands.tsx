/** The server's words, with what stands between backticks (a command to run on the server) shown as code. */
export function WithCommands({ text }: { text: string }) {
  return text.split('`').map((part, index) => (index % 2 === 1 ? <code key={index}>{part}</code> : part));
}
