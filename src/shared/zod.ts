import { z } from 'zod';

// zod speeds up object parsing by compiling code with `new Function`, which the site's CSP
// (script-src 'self', no 'unsafe-eval') forbids. Without this the browser reports a CSP
// violation on every page with a form; the interpreted path is fast enough for forms.
// The server keeps the compiled path.
z.config({ jitless: typeof document !== 'undefined' });

export { z };
