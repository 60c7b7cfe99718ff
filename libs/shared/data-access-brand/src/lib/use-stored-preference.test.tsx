import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { writeStoredValue } from './stored-value';
import { useStoredPreference } from './use-stored-preference';

afterEach(() => window.localStorage.clear());

let setter: ((v: string | undefined) => void) | undefined;
function Probe() {
  const [format, setFormat] = useStoredPreference('coefficientFormat', 'decimal');
  setter = setFormat;
  return <p>{format}</p>;
}

describe('useStoredPreference', () => {
  it('applies the stored value after mount and stores changes', () => {
    writeStoredValue(window.localStorage, 'coefficientFormat', 'american');
    render(<Probe />);
    expect(screen.getByText('american')).toBeInTheDocument();
    act(() => setter?.('hongkong'));
    expect(screen.getByText('hongkong')).toBeInTheDocument();
    expect(window.localStorage.getItem('tessera:coefficientFormat')).toContain('hongkong');
    act(() => setter?.(undefined));
    expect(screen.getByText('decimal')).toBeInTheDocument();
    expect(window.localStorage.getItem('tessera:coefficientFormat')).toBeNull();
  });
});
