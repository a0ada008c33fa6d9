import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TIME_OF_DAY_PRESETS } from '#shared/presets';
import { PresetBar } from '../../../frontend/studio/PresetBar';
import { useStudio } from '../../../frontend/studio/store';

const pristine = useStudio.getState();
const golden = TIME_OF_DAY_PRESETS[3];
const night = TIME_OF_DAY_PRESETS[6];

beforeEach(() => useStudio.setState(pristine, true));
afterEach(cleanup);

describe('the preset bar', () => {
  it('adds the chosen words to the prompt, swaps them within a group and clears them', () => {
    useStudio.getState().setPrompt('A brick library');
    render(<PresetBar brief={null} />);
    const time = screen.getByRole('combobox', { name: 'Time of day preset' });
    fireEvent.change(time, { target: { value: 'golden-hour' } });
    expect(useStudio.getState().prompt).toBe(`A brick library, ${golden.words}`);
    fireEvent.change(time, { target: { value: 'night' } });
    expect(useStudio.getState().prompt).toBe(`A brick library, ${night.words}`);
    fireEvent.click(screen.getByRole('button', { name: 'Clear Time of day: Night' }));
    expect(useStudio.getState().prompt).toBe('A brick library');
    expect(screen.queryByRole('button', { name: /^Clear/ })).toBeNull();
  });

  it('shows the brief’s time of day read-only, marked as coming from the brief', () => {
    render(<PresetBar brief={{ timeOfDay: golden.words }} />);
    expect(screen.queryByRole('combobox', { name: 'Time of day preset' })).toBeNull();
    expect(screen.getByText('Golden hour')).toBeTruthy();
    expect(screen.getByText('from brief')).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Season & weather preset' })).toBeTruthy();
  });
});
