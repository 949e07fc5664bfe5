import { pathFor } from './paths';

describe('pathFor', () => {
  it('builds paths from names, with params, query and hash', () => {
    expect(pathFor({ name: 'members-memberId', params: { memberId: 42 } })).toBe('/members/42');
    expect(pathFor({ name: 'members', query: { page: 2, gender: undefined } })).toBe('/members?page=2');
    expect(pathFor({ name: 'notifications', hash: 'email-change-incorrect' })).toBe('/notifications#email-change-incorrect');
    expect(pathFor({ name: 'credits-creditId-paymentMethod', params: { creditId: 3 } })).toBe('/credits/3');
  });

});
