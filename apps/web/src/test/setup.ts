import { configure } from '@testing-library/react';
import { loadSchemas } from '../api/schemaLoader.ts';
import { loadChessRules } from '../ui/board/useChessRules.ts';
import { loadGameDialogs } from '../features/play/useGameDialogs.ts';

// findBy/waitFor poll until this long. The default second is shorter than one render of a
// lazy route on a loaded two-core CI machine; it bounds a wait, it asserts no speed.
configure({ asyncUtilTimeout: 5_000 });

// The app opens its socket only once the protocol's schemas have loaded, and a game screen
// offers moves once the chess rules have (and shows its dialogs once they have); the tests drive
// fake sockets and boards synchronously, so all of them load before any test runs.
await Promise.all([loadSchemas(), loadChessRules(), loadGameDialogs()]);
