import { configure } from '@testing-library/react';

// findBy/waitFor poll until this long. The default second is shorter than one render of a
// lazy route on a loaded two-core CI machine; it bounds a wait, it asserts no speed.
configure({ asyncUtilTimeout: 5_000 });
