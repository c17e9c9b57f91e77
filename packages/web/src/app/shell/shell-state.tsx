import { createContext, type ReactNode, useContext, useMemo, useState } from 'react';

interface ShellState {
  mobileNavOpen: boolean;
  setMobileNavOpen(open: boolean): void;
  quickPanelOpen: boolean;
  setQuickPanelOpen(open: boolean): void;
  settingsPanelOpen: boolean;
  setSettingsPanelOpen(open: boolean): void;
}

const ShellStateContext = createContext<ShellState | null>(null);

/** UI state of the shell's drawers and panels (not saved anywhere). */
export function ShellStateProvider({ children }: { children: ReactNode }) {
  const [mobileNavOpen, setMobileNavOpen] = useState(false);
  const [quickPanelOpen, setQuickPanelOpen] = useState(false);
  const [settingsPanelOpen, setSettingsPanelOpen] = useState(false);
  const value = useMemo(
    () => ({ mobileNavOpen, setMobileNavOpen, quickPanelOpen, setQuickPanelOpen, settingsPanelOpen, setSettingsPanelOpen }),
    [mobileNavOpen, quickPanelOpen, settingsPanelOpen],
  );
  return <ShellStateContext.Provider value={value}>{children}</ShellStateContext.Provider>;
}

export function useShellState(): ShellState {
  const value = useContext(ShellStateContext);
  if (!value) throw new Error('useShellState must be used inside <ShellStateProvider>');
  return value;
}
