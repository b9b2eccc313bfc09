/** The codecs of the User row's JSON columns. */
import { z } from 'zod';
import { jsonColumn, lenient } from '../../platform/storage/json-column.js';

const text = z.string();

/** User.contact: phone and company the user gave (POST user/contact), and a contact e-mail of accounts without one. */
export const userContact = jsonColumn(z.looseObject({ phone: lenient(text), company: lenient(text), email: lenient(text) }), () => ({}));
