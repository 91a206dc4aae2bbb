import fc from 'fast-check';

// A synchronous fc.assert cannot be stopped by Vitest's test timeout, and shrinking a failing law
// over whole analyses can run for many minutes (CI once sat 22 minutes in one). In CI, report the
// first counterexample at once with its seed and path; replaying those locally shrinks it.
if (process.env.CI) fc.configureGlobal({ ...fc.readConfigureGlobal(), endOnFailure: true });
