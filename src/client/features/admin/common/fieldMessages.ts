/** The first message per field of a failed check (zod's issues), for a dashboard form to show beside each field. */
export function firstMessagePerField(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): Record<string, string | undefined> {
  const errors: Record<string, string | undefined> = {};
  for (const issue of issues) errors[String(issue.path[0])] ??= issue.message;
  return errors;
}
