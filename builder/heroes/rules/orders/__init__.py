"""Order tokens (HoN core p.8-9, p.26; SoN p.4-5): how many, placed and revealed, Personal
Orders and when Special Orders are played."""
