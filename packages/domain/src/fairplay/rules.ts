/**
 * Fair play (issue 14): the rules the server calls, pure. The contract's names live here; the
 * bodies sit in small files by concern:
 * - thresholds.ts: every number, named, with its reason (MIN_VERDICT_PLIES, ROLLING_GAMES, GRAPH_CP, MATE_CP, ...);
 * - classify.ts: scoreCp, isBookPly, movesAfterBook, plyLoss, classifyLoss, classifyPly, graphCp;
 * - figures.ts: moveTimeProfile, sideFigures, steadyAcpl;
 * - verdicts.ts: suspectReasons, everyMoveBestReason, gameVerdict, playerVerdict, holdDecision;
 * - collusion.ts: collusionSignals;
 * - plan.ts: analysisPlan, analysisTier, positionWork (how much engine a game gets, which positions).
 */
export * from './thresholds.ts';
export { scoreCp, isBookPly, movesAfterBook, plyLoss, classifyLoss, classifyPly, graphCp } from './classify.ts';
export { moveTimeProfile, sideFigures, steadyAcpl } from './figures.ts';
export { suspectReasons, everyMoveBestReason, gameVerdict, playerVerdict, holdDecision } from './verdicts.ts';
export { collusionSignals } from './collusion.ts';
export {
  analysisPlan,
  analysisTier,
  positionWork,
  type AnalysisPlan,
  type AnalysisTier,
  type PositionWork,
} from './plan.ts';
