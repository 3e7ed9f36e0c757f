import { medalOf } from '@rush/domain';

const FILL = { gold: '#e8c21a', silver: '#c0c7d0', bronze: '#c98a4b' } as const;

/** SPEC 2: ranks 1-3 get a medal, named for screen readers ("gold medal"); others their number. */
export function RankCell({ rank }: { rank: number }) {
  const medal = medalOf(rank);
  if (!medal) return <span className="rank-number">{rank}</span>;
  return (
    <span className="rank-medal">
      <svg
        role="img"
        aria-label={`${medal} medal`}
        className={`medal medal-${medal}`}
        width="26"
        height="26"
        viewBox="0 0 26 26"
      >
        <path d="M7 1h4l2 7-4 1zM19 1h-4l-2 7 4 1z" fill="currentColor" opacity="0.55" />
        <circle cx="13" cy="16" r="8.5" fill={FILL[medal]} stroke="rgb(0 0 0 / 25%)" strokeWidth="1" />
        <text x="13" y="20" textAnchor="middle" fontSize="11" fontWeight="800" fill="#1b1b1b" aria-hidden="true">
          {rank}
        </text>
      </svg>
    </span>
  );
}
