/** On two-column screens, a last card left alone in its row sits in the middle rather than on the left. */
export const centerOrphan = 'sm:max-lg:last:odd:col-span-2 sm:max-lg:last:odd:mx-auto sm:max-lg:last:odd:w-[calc(50%-0.75rem)]';
