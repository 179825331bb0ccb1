/** A service map entry as an admin sends it (POST /api/services, PUT /api/services/{id}). */
export const SERVICE_BODY = {
  external_id: 'api-1',
  category: 'rental_service',
  latitude: 61.5,
  longitude: 23.76,
  address: 'Hämeenkatu 1, Tampere',
  phone: '+358 40 000 0001',
  certified: true,
  localizations: [{ language: 'fi', name: 'Vuokrapyörät', description: 'Pyöriä vuokralle', url: 'https://example.fi' }],
}
