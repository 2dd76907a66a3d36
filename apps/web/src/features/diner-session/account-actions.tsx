import { createContext, type ReactNode, useContext } from 'react';

/**
 * What the side menu's signed-in entries open ('Mis pedidos', 'Mis {programa}'). The screens that
 * own those modals provide them around the side menu; an entry without one says it is coming soon.
 */
export interface DinerAccountActions {
  onOpenOrders?: () => void;
  onOpenLoyalty?: () => void;
}

const DinerAccountActionsContext = createContext<DinerAccountActions>({});

export function DinerAccountActionsProvider({
  value,
  children,
}: {
  value: DinerAccountActions;
  children: ReactNode;
}) {
  return <DinerAccountActionsContext.Provider value={value}>{children}</DinerAccountActionsContext.Provider>;
}

export function useDinerAccountActions(): DinerAccountActions {
  return useContext(DinerAccountActionsContext);
}
