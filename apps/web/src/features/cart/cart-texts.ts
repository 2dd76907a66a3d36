/** Texts 'Mi pedido' shares with the menu's cart column (kept apart so the menu does not load the cart page). */
export const EMPTY_CART_TITLE = 'Tu pedido está vacío';
export const EMPTY_CART_BODY = 'Agregá productos del menú y van a aparecer acá.';
