/**
 * A small business file for import tests: one branch ('Rotisería El Horno'), one menu with one plate,
 * one shop open 08:00-20:00 every day taking cash, with the order modes and contact fields a test gives.
 */
export const everyDay = () =>
  ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'].map((dayOfWeek) => ({
    dayOfWeek,
    workingHours: [{ startAt: '08:00', endAt: '20:00' }],
  }));

export function oneShopBusiness(
  alias: string,
  options: { contact?: Record<string, unknown>; orderModes?: Record<string, unknown>[] } = {},
) {
  return {
    formatVersion: 1,
    branches: [
      {
        alias,
        name: 'Rotisería El Horno',
        menus: [
          {
            key: 'carta',
            name: 'Carta',
            categories: [
              { key: 'pollos', name: 'Pollos', plates: [{ key: 'pollo', name: 'Pollo', price: 9000 }] },
            ],
          },
        ],
        contacts: [
          {
            alias: `${alias}-centro`,
            name: 'El Horno Centro',
            address: { street: 'Mitre', number: '800' },
            location: { lat: -32.95, lng: -60.64 },
            timeZone: 'America/Argentina/Buenos_Aires',
            country: 'ar',
            currency: 'ARS',
            workingDays: everyDay(),
            paymentTypes: [{ key: 'efectivo', showName: 'Efectivo', paymentMethod: 'CASH' }],
            orderModes: options.orderModes ?? [
              { type: 'TAKE_AWAY', showName: 'Retiro', menu: 'carta', paymentTypes: ['efectivo'] },
            ],
            ...options.contact,
          },
        ],
      },
    ],
  };
}
