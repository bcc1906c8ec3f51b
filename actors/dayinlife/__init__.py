"""Day in the Life agents: the seed's six personalities, each an evaluation function
F(P, C, G, L) over the occupations it can afford, plus a Monte Carlo knowledge
source that estimates the odds P when they are not published.
"""
