import { screen } from '@testing-library/react';
import { useEffect, useState } from 'react';
import { useApis } from '../kernel/apis';
import { fakeMarketData, fakePayments, fakeSports, withMocks } from './fakes';
import { renderWithApis } from './render-with-apis';

describe('fakes', () => {
  it('have every method of the real module; one not given rejects with its name', async () => {
    const payments = fakePayments();
    expect(Object.keys(payments)).toEqual(expect.arrayContaining(['addDeposit', 'depositWithdrawList']));
    await expect(payments.addDeposit({} as never, 'key-1')).rejects.toThrow('fakePayments: addDeposit was not given');
  });

  it('run what the test gives', async () => {
    const sports = fakeSports({ sportList: async () => [] });
    await expect(sports.sportList()).resolves.toEqual([]);
  });

  it('refuse a method the real module does not have', () => {
    expect(() => fakeSports({ nope: jest.fn() } as never)).toThrow('fakeSports: the real module has no nope');
  });

  it('fail a mock that answers nothing, also after jest.resetAllMocks', async () => {
    const sports = withMocks(fakeSports, 'sportList');
    await expect(sports.sportList()).rejects.toThrow('fakeSports: sportList answered nothing');
    sports.sportList.mockResolvedValue([]);
    await expect(sports.sportList()).resolves.toEqual([]);
    expect(sports.sportList).toHaveBeenCalledTimes(2);
    jest.resetAllMocks();
    await expect(sports.sportList()).rejects.toThrow('answered nothing');
  });

  it('of a live client throw at once, except for close', () => {
    const data = withMocks(fakeMarketData, 'watchMatch', 'close');
    expect(() => data.watchMatch('m1')).toThrow('fakeMarketData: watchMatch answered nothing');
    expect(() => data.close()).not.toThrow();
    expect(() => fakeMarketData().watchMatch('m1')).toThrow('fakeMarketData: watchMatch was not given');
  });
});

function Sports() {
  const { sports } = useApis();
  const [text, setText] = useState('…');
  useEffect(() => {
    sports.sportList().then((list) => setText(list.map((s) => s.name).join(', ')), (e: Error) => setText(e.message));
  }, [sports]);
  return <p>{text}</p>;
}

describe('renderWithApis', () => {
  it('hands the screen the fakes given', async () => {
    renderWithApis(<Sports />, { sports: fakeSports({ sportList: async () => [{ id: 4, name: 'Cricket' } as never] }) });
    expect(await screen.findByText('Cricket')).toBeInTheDocument();
  });

  it('fakes every domain not given, failing on any call', async () => {
    renderWithApis(<Sports />);
    expect(await screen.findByText('fakeSports: sportList was not given')).toBeInTheDocument();
  });
});
