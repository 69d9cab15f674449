"""Action cards (HoN core p.16-17): the decks, playing a card as a Battle Event or for its
Alternate Bonus, and the cards whose explanations the rules core plays."""
