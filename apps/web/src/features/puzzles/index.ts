/** puzzles' public surface: the casual puzzle (played while a match is sought). Its pages are loaded by app/. */
export { CasualPuzzle } from './CasualPuzzle.tsx';
