/** The confirmations' wording (the spec gives only their gist and the buttons, Cancelar and Continuar). */
export const MODE_CHANGE_TITLE = 'Cambiar modo de pedido';
export const MODE_CHANGE_BODY =
  '¿Querés cambiar el modo de pedido? Si continuás se eliminarán los productos agregados.';
/** When both modes share one menu (same hash), the items stay, and the question says so. */
export const MODE_CHANGE_KEEPS_ITEMS_BODY =
  '¿Querés cambiar el modo de pedido? Los productos agregados se mantienen en tu pedido.';
export const BRANCH_CHANGE_TITLE = 'Cambiar de local';
export const BRANCH_CHANGE_BODY =
  'Tenés un pedido en curso en otro local. Si continuás se eliminarán los productos agregados.';
