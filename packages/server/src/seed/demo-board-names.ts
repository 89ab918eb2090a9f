import type { LocalizedText } from '@rec/core';
import { DEMO } from './demo-ids';

/** The demo boards' names in the nine languages (a board's name is text per language, like a title). */
export const DEMO_BOARD_NAMES: Record<'lumen' | 'nordwind', LocalizedText> = {
  lumen: {
    fr: DEMO.boardName,
    en: 'Careers at Lumen Robotics',
    de: 'Karriere bei Lumen Robotics',
    lb: 'Karriär bei Lumen Robotics',
    nl: 'Werken bij Lumen Robotics',
    es: 'Empleo en Lumen Robotics',
    pt: 'Carreiras na Lumen Robotics',
    it: 'Lavora con Lumen Robotics',
    pl: 'Kariera w Lumen Robotics',
  },
  nordwind: {
    de: DEMO.otherBoardName,
    en: 'Careers at Nordwind Logistik',
    fr: 'Carrières chez Nordwind Logistik',
    lb: 'Karriär bei Nordwind Logistik',
    nl: 'Werken bij Nordwind Logistik',
    es: 'Empleo en Nordwind Logistik',
    pt: 'Carreiras na Nordwind Logistik',
    it: 'Lavora con Nordwind Logistik',
    pl: 'Kariera w Nordwind Logistik',
  },
};
