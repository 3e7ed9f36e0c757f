/**
 * SPEC 4: a content creator's giveaway challenge (the creator funds the prize alone). A module of its
 * own, apart from MATCH_TEXTS: the bundler then leaves it off the pages that never show a
 * giveaway (the play page's first load has no room for it).
 */
export const GIVEAWAY_TEXTS = {
  creatorsOnly: 'Only content creators can send a giveaway challenge.', // ours
  youStakeNothing: 'Giveaway: you stake nothing', // ours (the acceptor's card)
  youFund: 'Giveaway: you fund the prize alone; your opponent stakes nothing.', // ours (the wizard)
  prizeLabel: 'Prize', // ours (the amount on a giveaway's card)
  funded: (creator: string) => `Giveaway: ${creator} funds the prize`, // ours (the game screen)
  noRematch: 'A giveaway game has no rematch. The creator can send a new giveaway challenge.', // ours
} as const;
