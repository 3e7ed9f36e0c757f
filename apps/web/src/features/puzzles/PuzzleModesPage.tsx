import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import type { Difficulty, PuzzleTheme } from '@rush/domain';
import { Button } from '../../ui/Button.tsx';
import type { PuzzleSettings } from './api.ts';
import { ImportProgress, useCatalogStatus } from './ImportProgress.tsx';
import { DEFAULT_SETTINGS, DIFFICULTY_OPTIONS, settingsSearch, THEME_OPTIONS } from './settings.ts';
import './puzzles.css';

type Mode = 'casual' | 'solo' | 'battle';

const MODES: readonly { id: Mode; name: string; text: string }[] = [
  { id: 'casual', name: 'Casual', text: 'Puzzles at your pace, with hints from Solve.' },
  { id: 'solo', name: 'Solo', text: 'Solve as many as you can in 3 minutes.' },
  { id: 'battle', name: 'Battle', text: 'Race other players on the same puzzles, for stakes.' },
];

const ROUTE: Readonly<Record<Exclude<Mode, 'battle'>, string>> = {
  casual: '/puzzle-game/casual',
  solo: '/puzzle-game/solo-rush',
};

/** Difficulty and theme for Casual and Solo (battle sets its own at its next step). */
function SettingsPickers({ value, onChange }: { value: PuzzleSettings; onChange: (s: PuzzleSettings) => void }) {
  const id = useId();
  return (
    <div className="puzzle-pickers">
      <label htmlFor={`${id}-difficulty`}>Difficulty</label>
      <select
        id={`${id}-difficulty`}
        value={value.difficulty}
        onChange={(e) => onChange({ ...value, difficulty: e.target.value as Difficulty })}
      >
        {DIFFICULTY_OPTIONS.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <label htmlFor={`${id}-theme`}>Theme</label>
      <select
        id={`${id}-theme`}
        value={value.theme}
        onChange={(e) => onChange({ ...value, theme: e.target.value as PuzzleTheme })}
      >
        {THEME_OPTIONS.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * SPEC 2 /puzzle-game: the mode selection. Casual and Solo start with the chosen difficulty and
 * theme; Battle goes on to its lobby list (SPEC 2's battle screen: Create lobby and Join private lobby
 * are its actions). While the catalogue is still importing
 * (first start), its progress shows and the modes wait for it.
 */
export function PuzzleModesPage() {
  const navigate = useNavigate();
  const name = useId();
  const [mode, setMode] = useState<Mode>('casual');
  const [settings, setSettings] = useState<PuzzleSettings>(DEFAULT_SETTINGS);
  const status = useCatalogStatus();
  // A failed status lookup does not hold anyone back: the modes say so themselves if need be.
  const importing = status.data?.ready === false;

  const go = () => {
    if (mode === 'battle') void navigate('/puzzle-game/battle');
    else void navigate(`${ROUTE[mode]}${settingsSearch(settings)}`);
  };

  return (
    <section className="puzzle-screen puzzle-modes" aria-labelledby="puzzle-modes-title">
      <title>Puzzle Games</title>
      <h1 id="puzzle-modes-title">Puzzle Games</h1>
      {importing && status.data ? <ImportProgress imported={status.data.imported} total={status.data.total} /> : null}
      <fieldset className="puzzle-mode-list">
        <legend>Mode</legend>
        {MODES.map((m) => (
          <label key={m.id} className={`puzzle-mode${mode === m.id ? ' selected' : ''}`}>
            <input type="radio" name={name} checked={mode === m.id} onChange={() => setMode(m.id)} />
            <span className="puzzle-mode-name">{m.name}</span>
            <span className="puzzle-mode-text">{m.text}</span>
          </label>
        ))}
      </fieldset>
      {mode === 'battle' ? null : <SettingsPickers value={settings} onChange={setSettings} />}
      <div className="puzzle-actions">
        <Button onClick={go} disabled={importing}>
          {mode === 'battle' ? 'Next' : 'Start'}
        </Button>
      </div>
    </section>
  );
}
